/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IEEE 802.15.4 medium without a radio: -object ieee802154-medium on
 * the bare board, frames put on the air by its "inject" property and
 * heard by its "probe" receivers. Air time in virtual time, channel
 * filtering, per-link loss patterns and RSSI/LQI, the link syntax and
 * its errors, the pcap, two QEMU processes joined by a socket chardev,
 * malformed chardev input, bad options, and migration of the links.
 */
#include "qemu/osdep.h"
#include "qobject/qdict.h"
#include "presilicon-qtest.h"
#include "check-tap.h"
#include <sys/socket.h>
#include <sys/un.h>

#define AIR         "/objects/air"
#define MEDIUM      "-object ieee802154-medium,id=air"
/* A data frame: FCF 0x8841, seq 1, PAN 0xabcd, short addresses, FCS. */
#define FRAME_HEX   "418801cdabffff0100aabb"
#define FRAME_LEN   11
#define NS_PER_S    1000000000LL

static PsQTest *start(const char *extra)
{
    return ps_qtest_start("presilicon,bare=on", MEDIUM "%s", extra);
}

static void set_ok(PsQTest *t, const char *prop, const char *value)
{
    g_autofree char *err = ps_qom_set_str(t->qts, AIR, prop, value);

    ck_assert_msg(!err, "qom-set %s '%s': %s", prop, value, err);
}

static void inject(PsQTest *t, int channel, const char *hex)
{
    g_autofree char *v = g_strdup_printf("channel=%d psdu=%s", channel, hex);

    set_ok(t, "inject", v);
}

/* The field "key=" of probe name in the "probes" listing. */
static char *probe_field(PsQTest *t, const char *name, const char *key)
{
    g_autofree char *all = ps_qom_str(t->qts, AIR, "probes");
    g_auto(GStrv) probes = g_strsplit(all, "; ", -1);

    for (int i = 0; probes[i]; i++) {
        g_auto(GStrv) f = g_strsplit(probes[i], " ", -1);

        if (strcmp(f[0], name)) {
            continue;
        }
        for (int j = 1; f[j]; j++) {
            if (g_str_has_prefix(f[j], key) && f[j][strlen(key)] == '=') {
                return g_strdup(f[j] + strlen(key) + 1);
            }
        }
    }
    ck_abort_msg("probe %s has no %s: %s", name, key, all);
    return NULL;
}

static int probe_int(PsQTest *t, const char *name, const char *key)
{
    g_autofree char *v = probe_field(t, name, key);

    return atoi(v);
}

/* A frame arrives when its last byte has been on the air, not before. */
START_TEST(test_air_time)
{
    PsQTest *t = start("");
    int64_t air = (6 + FRAME_LEN) * 32000;

    set_ok(t, "probe", "p channel=11");
    inject(t, 11, FRAME_HEX);
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "tx-frames"), 1);
    qtest_clock_step(t->qts, air - 1);
    ck_assert_int_eq(probe_int(t, "p", "frames"), 0);
    qtest_clock_step(t->qts, 1);
    ck_assert_int_eq(probe_int(t, "p", "frames"), 1);
    {
        g_autofree char *last = probe_field(t, "p", "last");
        g_autofree char *frame = ps_qom_str(t->qts, AIR, "last-frame");

        ck_assert_str_eq(last, FRAME_HEX);
        ck_assert_str_eq(frame, "from=qmp channel=11 psdu=" FRAME_HEX);
    }
    /* The default link: -40 dBm, LQI (60 * 255 / 80). */
    ck_assert_int_eq(probe_int(t, "p", "rssi"), -40);
    ck_assert_int_eq(probe_int(t, "p", "lqi"), 191);
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "rx-frames"), 1);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_channel_filter)
{
    PsQTest *t = start("");

    set_ok(t, "probe", "on11 channel=11");
    set_ok(t, "probe", "on12 channel=12");
    inject(t, 12, "0200aa");
    qtest_clock_step(t->qts, 1000000);
    ck_assert_int_eq(probe_int(t, "on11", "frames"), 0);
    ck_assert_int_eq(probe_int(t, "on12", "frames"), 1);
    /* Retuned before the frame ends: the channel at delivery counts. */
    inject(t, 12, "0200ab");
    set_ok(t, "probe", "on11 channel=12");
    qtest_clock_step(t->qts, 1000000);
    ck_assert_int_eq(probe_int(t, "on11", "frames"), 1);
    set_ok(t, "probe", "on12 off");
    ck_assert_str_eq(ps_qom_str(t->qts, AIR, "probes"),
                     "on11 channel=12 frames=1 rssi=-40 lqi=191 last=0200ab");
    ps_qtest_quit(t);
}
END_TEST

/* Loss is a pattern, not chance: loss=50 loses every second frame. */
START_TEST(test_loss_pattern)
{
    PsQTest *t = start("");
    /* Heard (H) or lost (L), frame by frame, from each setting on. */
    static const struct {
        const char *link, *pattern;
    } cases[] = {
        { "qmp>p loss=50", "HLHLHLHL" },
        { "qmp>p loss=100", "LLLLL" },
        { "qmp>p loss=25", "HHHLHHHL" },
        { "qmp>p loss=34", "HHLHHLHHL" },
        { "qmp>p loss=0", "HHHH" },
        { "*>p loss=100", "HHH" },      /* qmp>p wins over the wildcard */
        { "qmp>p reset", "LLLL" },      /* now *>p applies */
    };
    int heard = 0, lost = 0;

    set_ok(t, "probe", "p channel=15");
    for (int c = 0; c < ARRAY_SIZE(cases); c++) {
        set_ok(t, "link", cases[c].link);
        for (const char *f = cases[c].pattern; *f; f++) {
            inject(t, 15, "0200aa");
            qtest_clock_step(t->qts, 1000000);
            if (*f == 'H') {
                heard++;
            } else {
                lost++;
            }
            ck_assert_msg(probe_int(t, "p", "frames") == heard,
                          "%s: frame %d of %s", cases[c].link,
                          (int)(f - cases[c].pattern), cases[c].pattern);
        }
    }
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "lost-frames"), lost);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_rssi_lqi)
{
    PsQTest *t = start("");
    static const struct {
        int rssi, lqi;
    } cases[] = {
        { -100, 0 }, { -60, 127 }, { -20, 255 }, { 0, 255 }, { -90, 31 },
    };

    set_ok(t, "probe", "p channel=26");
    for (int i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *link = g_strdup_printf("qmp>p rssi=%d",
                                                cases[i].rssi);

        set_ok(t, "link", link);
        inject(t, 26, "0200aa");
        qtest_clock_step(t->qts, 1000000);
        ck_assert_int_eq(probe_int(t, "p", "rssi"), cases[i].rssi);
        ck_assert_int_eq(probe_int(t, "p", "lqi"), cases[i].lqi);
    }
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_links_listing)
{
    PsQTest *t = start(",link='a>b loss=10;b>a rssi=-70'");
    g_autofree char *links = ps_qom_str(t->qts, AIR, "links");
    g_autofree char *again = NULL;

    ck_assert_str_eq(links, "a>b loss=10 rssi=-40; b>a loss=0 rssi=-70");
    set_ok(t, "link", "c<>d loss=30 rssi=-55 ; a>b rssi=-45");
    g_free(links);
    links = ps_qom_str(t->qts, AIR, "links");
    ck_assert_str_eq(links, "a>b loss=10 rssi=-45; b>a loss=0 rssi=-70; "
                     "c>d loss=30 rssi=-55; d>c loss=30 rssi=-55");
    /* The listing is itself a valid setting. */
    set_ok(t, "link", "clear");
    ck_assert_str_eq(ps_qom_str(t->qts, AIR, "links"), "");
    set_ok(t, "link", links);
    again = ps_qom_str(t->qts, AIR, "links");
    ck_assert_str_eq(again, links);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_link_strings)
{
    PsQTest *t = start(",link='a>b loss=10'");
    static const struct {
        const char *value, *msg;
    } cases[] = {
        { "a-b", "'a-b' is not FROM>TO" },
        { ">b", "a node name is" },
        { "a>", "a node name is" },
        { "a>b loss=101", "'loss=101': loss is a percentage" },
        { "a>b loss=-1", "loss is a percentage" },
        { "a>b loss=x", "loss is a percentage" },
        { "a>b rssi=5", "'rssi=5': rssi is in dBm, -100..0" },
        { "a>b rssi=-101", "rssi is in dBm" },
        { "a>b speed=3", "'speed=3' is none of" },
        { "a>b reset loss=3", "reset takes no" },
        { "a=x>b", "a node name is" },
        { "a>b loss=1 rssi=-1 reset x", "too many words" },
        /* All or nothing: the good first half is not applied either. */
        { "x>y loss=5; a>b loss=500", "loss is a percentage" },
    };
    g_autofree char *links = NULL;
    GString *many = g_string_new("");

    for (int i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *err = ps_qom_set_str(t->qts, AIR, "link",
                                              cases[i].value);

        ck_assert_msg(err && strstr(err, cases[i].msg),
                      "'%s': want \"%s\", got \"%s\"", cases[i].value,
                      cases[i].msg, err);
    }
    links = ps_qom_str(t->qts, AIR, "links");
    ck_assert_str_eq(links, "a>b loss=10 rssi=-40");
    /* The table is bounded. */
    for (int i = 0; i < 40; i++) {
        g_string_append_printf(many, "n%d>m loss=1;", i);
    }
    {
        g_autofree char *err = ps_qom_set_str(t->qts, AIR, "link", many->str);

        ck_assert_msg(err && strstr(err, "at most 32 links"), "%s", err);
    }
    g_string_free(many, true);
    ps_qtest_quit(t);
}
END_TEST

START_TEST(test_bad_inject_and_probe)
{
    PsQTest *t = start("");
    static const struct {
        const char *prop, *value, *msg;
    } cases[] = {
        { "inject", "channel=11", "needs channel=N and psdu=HEX" },
        { "inject", "psdu=00", "needs channel=N" },
        { "inject", "channel=10 psdu=00", "channel is 11-26" },
        { "inject", "channel=11 psdu=0", "1-127 bytes in hex" },
        { "inject", "channel=11 psdu=zz", "is not hex" },
        { "inject", "channel=11 psdu=00 from=a>b", "bad sender name" },
        { "probe", "p", "is not NAME channel=N" },
        { "probe", "p channel=27", "channel=N, N 11-26" },
        { "probe", "q off", "no probe named 'q'" },
        { "probe", "* channel=11", "node name '*' is not" },
    };
    g_autofree char *big = g_strnfill(2 * 128, 'a');
    g_autofree char *v = g_strdup_printf("channel=11 psdu=%s", big);
    g_autofree char *err = NULL;

    for (int i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *e = ps_qom_set_str(t->qts, AIR, cases[i].prop,
                                            cases[i].value);

        ck_assert_msg(e && strstr(e, cases[i].msg),
                      "%s '%s': want \"%s\", got \"%s\"", cases[i].prop,
                      cases[i].value, cases[i].msg, e);
    }
    err = ps_qom_set_str(t->qts, AIR, "inject", v);
    ck_assert_msg(err && strstr(err, "1-127 bytes"), "%s", err);
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "tx-frames"), 0);
    ps_qtest_quit(t);
}
END_TEST

static uint32_t le32(const uint8_t *p)
{
    uint32_t v;

    memcpy(&v, p, 4);   /* the writer's byte order: this host's */
    return v;
}

START_TEST(test_pcap)
{
    g_autofree char *path = NULL;
    g_autofree char *args = NULL;
    g_autofree char *data = NULL;
    const uint8_t *p;
    size_t len;
    PsQTest *t;
    int fd = g_file_open_tmp("ieee802154-XXXXXX.pcap", &path, NULL);
    int64_t t1, t2;

    close(fd);
    args = g_strdup_printf(",pcap=%s", path);
    t = start(args);
    t1 = qtest_clock_step(t->qts, 1500000);
    inject(t, 11, FRAME_HEX);
    t2 = qtest_clock_step(t->qts, 2 * NS_PER_S);
    inject(t, 20, "0200aa");
    ps_qtest_quit(t);

    ck_assert(g_file_get_contents(path, &data, &len, NULL));
    unlink(path);
    ck_assert_uint_eq(len, 24 + 16 + FRAME_LEN + 16 + 3);
    p = (const uint8_t *)data;
    ck_assert_uint_eq(le32(p), 0xa1b2c3d4);
    ck_assert_uint_eq(p[4] | p[5] << 8, 2);     /* on a little-endian host */
    ck_assert_uint_eq(le32(p + 20), 195);       /* IEEE802_15_4_WITHFCS */
    p += 24;
    ck_assert_uint_eq(le32(p), t1 / NS_PER_S);
    ck_assert_uint_eq(le32(p + 4), t1 % NS_PER_S / 1000);
    ck_assert_uint_eq(le32(p + 8), FRAME_LEN);
    ck_assert_uint_eq(le32(p + 12), FRAME_LEN);
    ck_assert_uint_eq(p[16], 0x41);
    ck_assert_uint_eq(p[16 + FRAME_LEN - 1], 0xbb);
    p += 16 + FRAME_LEN;
    ck_assert_uint_eq(le32(p), t2 / NS_PER_S);
    ck_assert_uint_eq(le32(p + 4), t2 % NS_PER_S / 1000);
    ck_assert_uint_eq(le32(p + 8), 3);
}
END_TEST

START_TEST(test_bad_options_named)
{
    ps_expect_refused(MEDIUM ",pcap=/nonexistent/dir/air.pcap",
                      "/nonexistent/dir/air.pcap");
    ps_expect_refused(MEDIUM ",chardev=nope", "chardev 'nope' not found");
    {
        PsQTest *t = start("");
        g_autofree char *err = ps_qom_set_str(t->qts, AIR, "pcap",
                                              "/nonexistent/x.pcap");
        QDict *r;

        ck_assert_msg(err && strstr(err, "/nonexistent/x.pcap"), "%s", err);
        err = NULL;
        r = qtest_qmp(t->qts, "{'execute': 'object-add', 'arguments': "
                      "{'qom-type': 'ieee802154-medium', 'id': 'air2', "
                      "'chardev': 'nope'}}");
        ck_assert(qdict_haskey(r, "error"));
        ck_assert_ptr_nonnull(strstr(qdict_get_str(qdict_get_qdict(r,
                              "error"), "desc"), "chardev 'nope' not found"));
        qobject_unref(r);
        ps_qtest_quit(t);
    }
}
END_TEST

/* Poll a property of another process, whose socket we cannot step. */
static bool wait_int(PsQTest *t, const char *prop, int64_t want)
{
    for (int i = 0; i < 500; i++) {
        if (ps_qom_int(t->qts, AIR, prop) == want) {
            return true;
        }
        g_usleep(10000);
    }
    return false;
}

START_TEST(test_two_processes)
{
    g_autofree char *dir = g_dir_make_tmp("ieee802154-XXXXXX", NULL);
    g_autofree char *sock = g_strdup_printf("%s/air.sock", dir);
    g_autofree char *a_args = g_strdup_printf(
        " -chardev socket,id=c,path=%s,server=on,wait=off"
        " -object ieee802154-medium,id=air,chardev=c", sock);
    g_autofree char *b_args = g_strdup_printf(
        " -chardev socket,id=c,path=%s"
        " -object ieee802154-medium,id=air,chardev=c", sock);
    PsQTest *a = ps_qtest_start("presilicon,bare=on", "%s", a_args);
    PsQTest *b = ps_qtest_start("presilicon,bare=on", "%s", b_args);
    g_autofree char *frame = NULL;
    int64_t crossed = 0;

    set_ok(b, "probe", "rx channel=11");
    set_ok(b, "link", "a-node>rx rssi=-60");
    /* A's server accepts in its own time: frames before that are lost. */
    for (int i = 0; i < 100 && !crossed; i++) {
        set_ok(a, "inject", "from=a-node channel=11 psdu=" FRAME_HEX);
        qtest_clock_step(a->qts, 1000000);
        for (int j = 0; j < 10 && !crossed; j++) {
            g_usleep(5000);
            crossed = ps_qom_int(b->qts, AIR, "remote-frames");
        }
    }
    ck_assert_int_gt(crossed, 0);
    g_usleep(20000);
    crossed = ps_qom_int(b->qts, AIR, "remote-frames");
    ck_assert_int_eq(probe_int(b, "rx", "frames"), crossed);
    ck_assert_int_eq(probe_int(b, "rx", "lqi"), 127);
    frame = ps_qom_str(b->qts, AIR, "last-frame");
    ck_assert_str_eq(frame, "from=a-node channel=11 psdu=" FRAME_HEX);

    /* And back; a frame on another channel crosses but nobody hears it. */
    set_ok(a, "probe", "rx channel=20");
    set_ok(b, "inject", "from=b-node channel=20 psdu=0200aa");
    set_ok(b, "inject", "from=b-node channel=19 psdu=0200ab");
    qtest_clock_step(b->qts, 1000000);
    ck_assert(wait_int(a, "remote-frames", 2));
    ck_assert_int_eq(probe_int(a, "rx", "frames"), 1);
    g_free(frame);
    frame = probe_field(a, "rx", "last");
    ck_assert_str_eq(frame, "0200aa");
    /* Remote frames are not sent back. */
    qtest_clock_step(a->qts, 1000000);
    g_usleep(20000);
    ck_assert_int_eq(ps_qom_int(b->qts, AIR, "remote-frames"), crossed);
    ck_assert_int_eq(ps_qom_int(a->qts, AIR, "bad-frames"), 0);

    ps_qtest_quit(b);
    ps_qtest_quit(a);
    unlink(sock);
    rmdir(dir);
}
END_TEST

static void send_all(int fd, const void *buf, size_t len)
{
    ck_assert_int_eq(send(fd, buf, len, 0), len);
}

/* Garbage and bad headers from the peer: dropped, counted, resynced. */
START_TEST(test_bad_chardev_input)
{
    g_autofree char *dir = g_dir_make_tmp("ieee802154-XXXXXX", NULL);
    g_autofree char *sock = g_strdup_printf("%s/air.sock", dir);
    g_autofree char *args = g_strdup_printf(
        ",chardev=c -chardev socket,id=c,path=%s", sock);
    struct sockaddr_un sa = { .sun_family = AF_UNIX };
    struct timeval tv = { .tv_sec = 5 };
    static const uint8_t good[] = { 'W', 'P', 1, 11, 4, 3, 'p', 'e', 'e', 'r',
                                    0x02, 0x00, 0x07 };
    static const uint8_t garbage[] = "xyzW";
    static const uint8_t bad_len[] = { 'W', 'P', 1, 11, 4, 200, 'p' };
    static const uint8_t bad_ver[] = { 'W', 'P', 9, 11 };
    static const uint8_t bad_name[] = { 'W', 'P', 1, 11, 3, 3, 'a', '>', 'b',
                                        1, 2, 3 };
    uint8_t out[64];
    PsQTest *t;
    int lfd, fd;
    ssize_t n;

    g_strlcpy(sa.sun_path, sock, sizeof(sa.sun_path));
    lfd = socket(AF_UNIX, SOCK_STREAM, 0);
    ck_assert_int_eq(bind(lfd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    ck_assert_int_eq(listen(lfd, 1), 0);
    t = start(args);
    fd = accept(lfd, NULL, NULL);
    ck_assert_int_ge(fd, 0);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    set_ok(t, "probe", "rx channel=11");

    send_all(fd, garbage, 4);
    send_all(fd, good, sizeof(good));
    ck_assert(wait_int(t, "remote-frames", 1));
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "bad-frames"), 1);
    send_all(fd, bad_len, sizeof(bad_len));
    send_all(fd, good, sizeof(good));
    send_all(fd, bad_ver, sizeof(bad_ver));
    send_all(fd, good, sizeof(good));
    send_all(fd, bad_name, sizeof(bad_name));
    send_all(fd, good, 5);              /* split across reads */
    ck_assert(wait_int(t, "remote-frames", 3));
    send_all(fd, good + 5, sizeof(good) - 5);
    ck_assert(wait_int(t, "remote-frames", 4));
    ck_assert_int_eq(ps_qom_int(t->qts, AIR, "bad-frames"), 4);
    ck_assert_int_eq(probe_int(t, "rx", "frames"), 4);
    {
        g_autofree char *log = ps_log_take(t);

        ck_assert_msg(strstr(log, "bad frame length") &&
                      strstr(log, "unknown version") &&
                      strstr(log, "bad sender name"), "%s", log);
    }

    /* What goes out: the same framing, the sender's name in it. */
    set_ok(t, "inject", "from=me channel=12 psdu=0200aa");
    qtest_clock_step(t->qts, 1000000);
    n = recv(fd, out, sizeof(out), 0);
    ck_assert_int_eq(n, 6 + 2 + 3);
    ck_assert_mem_eq(out, "WP\x01\x0c\x02\x03me\x02\x00\xaa", 11);

    ps_qtest_quit(t);
    close(fd);
    close(lfd);
    unlink(sock);
    rmdir(dir);
}
END_TEST

/* Links and their loss patterns survive migration. */
START_TEST(test_migration_keeps_links)
{
    PsQTest *src = start("");
    PsQTest *dst;
    g_autofree char *links = NULL;

    set_ok(src, "probe", "p channel=11");
    set_ok(src, "link", "qmp>p loss=50 rssi=-70; *>q rssi=-30");
    inject(src, 11, "0200aa");              /* heard: half a loss left */
    qtest_clock_step(src->qts, 1000000);
    ck_assert_int_eq(probe_int(src, "p", "frames"), 1);
    dst = ps_migrate(src, "presilicon,bare=on", MEDIUM);
    ps_qtest_quit(src);

    links = ps_qom_str(dst->qts, AIR, "links");
    ck_assert_str_eq(links, "qmp>p loss=50 rssi=-70; *>q loss=0 rssi=-30");
    ck_assert_int_eq(ps_qom_int(dst->qts, AIR, "tx-frames"), 1);
    set_ok(dst, "probe", "p channel=11");
    inject(dst, 11, "0200ab");              /* the pattern goes on: lost */
    qtest_clock_step(dst->qts, 1000000);
    inject(dst, 11, "0200ac");
    qtest_clock_step(dst->qts, 1000000);
    ck_assert_int_eq(probe_int(dst, "p", "frames"), 1);
    ck_assert_int_eq(probe_int(dst, "p", "rssi"), -70);
    ck_assert_int_eq(ps_qom_int(dst->qts, AIR, "lost-frames"), 1);
    ps_qtest_quit(dst);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ieee802154-medium");
    TCase *air = tcase_create("air");
    TCase *qmp = tcase_create("qmp");
    TCase *io = tcase_create("io");

    tcase_add_test(air, test_air_time);
    tcase_add_test(air, test_channel_filter);
    tcase_add_test(air, test_loss_pattern);
    tcase_add_test(air, test_rssi_lqi);
    tcase_add_test(qmp, test_links_listing);
    tcase_add_test(qmp, test_bad_link_strings);
    tcase_add_test(qmp, test_bad_inject_and_probe);
    tcase_add_test(qmp, test_migration_keeps_links);
    tcase_add_test(io, test_pcap);
    tcase_add_test(io, test_bad_options_named);
    tcase_add_test(io, test_two_processes);
    tcase_add_test(io, test_bad_chardev_input);
    tcase_set_timeout(air, 60);
    tcase_set_timeout(qmp, 60);
    tcase_set_timeout(io, 120);
    suite_add_tcase(s, air);
    suite_add_tcase(s, qmp);
    suite_add_tcase(s, io);

    return ps_check_run(s);
}
