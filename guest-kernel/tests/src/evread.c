/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small evdev reader for guest tests (evtest's output, without its
 * interactive loop):
 *   evread caps DEV        the device's name, its ABS_X/ABS_Y ranges and
 *                          whether it has BTN_TOUCH and BTN_LEFT
 *   evread events DEV MS   "ready", then one line per event ("EV_ABS
 *                          ABS_X 1024", "EV_KEY BTN_TOUCH 1", "SYN"),
 *                          until MS milliseconds pass without one
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define BITS_PER_LONG (8 * sizeof(long))
#define NLONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

static int test_bit(int bit, const unsigned long *map)
{
    return (map[bit / BITS_PER_LONG] >> (bit % BITS_PER_LONG)) & 1;
}

static int caps(int fd)
{
    unsigned long keys[NLONGS(KEY_CNT)] = { 0 };
    struct input_absinfo ax, ay;
    char name[256] = "";

    if (ioctl(fd, EVIOCGNAME(sizeof(name)), name) < 0 ||
        ioctl(fd, EVIOCGBIT(EV_KEY, sizeof(keys)), keys) < 0 ||
        ioctl(fd, EVIOCGABS(ABS_X), &ax) < 0 ||
        ioctl(fd, EVIOCGABS(ABS_Y), &ay) < 0) {
        perror("evread: ioctl");
        return 1;
    }
    printf("name: %s\n", name);
    printf("abs_x: %d %d\n", ax.minimum, ax.maximum);
    printf("abs_y: %d %d\n", ay.minimum, ay.maximum);
    printf("btn_touch: %d\n", test_bit(BTN_TOUCH, keys));
    printf("btn_left: %d\n", test_bit(BTN_LEFT, keys));
    return 0;
}

static const char *code_name(int type, int code)
{
    static char buf[16];

    if (type == EV_ABS && code == ABS_X) {
        return "ABS_X";
    }
    if (type == EV_ABS && code == ABS_Y) {
        return "ABS_Y";
    }
    if (type == EV_KEY && code == BTN_TOUCH) {
        return "BTN_TOUCH";
    }
    if (type == EV_KEY && code == BTN_LEFT) {
        return "BTN_LEFT";
    }
    snprintf(buf, sizeof(buf), "%d", code);
    return buf;
}

static int events(int fd, int ms)
{
    struct pollfd p = { .fd = fd, .events = POLLIN };
    struct input_event ev;

    printf("ready\n");
    fflush(stdout);
    for (;;) {
        int r = poll(&p, 1, ms);

        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            printf("timeout\n");
            return r < 0;
        }
        if (read(fd, &ev, sizeof(ev)) != sizeof(ev)) {
            perror("evread: read");
            return 1;
        }
        if (ev.type == EV_SYN) {
            printf("SYN\n");
        } else {
            printf("%s %s %d\n", ev.type == EV_ABS ? "EV_ABS" :
                   ev.type == EV_KEY ? "EV_KEY" :
                   ev.type == EV_MSC ? "EV_MSC" : "EV_OTHER",
                   code_name(ev.type, ev.code), ev.value);
        }
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    int fd;

    if (argc < 3 || (strcmp(argv[1], "caps") && argc < 4)) {
        fprintf(stderr, "usage: evread caps DEV | evread events DEV MS\n");
        return 2;
    }
    fd = open(argv[2], O_RDONLY);
    if (fd < 0) {
        perror(argv[2]);
        return 1;
    }
    if (!strcmp(argv[1], "caps")) {
        return caps(fd);
    }
    return events(fd, atoi(argv[3]));
}
