/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every presilicon model migrates, and its migration format changes only
 * on purpose: each type that implements presilicon-fdt-node, and each PCI
 * model, must appear in QEMU's -dump-vmstate, and its entry must equal
 * the golden copy in tests/qtest/vmstate/<type>.json. After a deliberate
 * change (with a version bump), regenerate with PRESILICON_UPDATE_GOLDEN=1.
 */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "qobject/qjson.h"
#include "qobject/qstring.h"
#include "presilicon-qtest.h"
#include "check-tap.h"

static QList *presilicon_types(void)
{
    PsQTest *t = ps_qtest_start("presilicon,bare=on", "%s", "");
    QDict *rsp = qtest_qmp(t->qts, "{'execute': 'qom-list-types',"
                           " 'arguments': {'implements': 'presilicon-fdt-node',"
                           " 'abstract': false}}");
    QList *types = qlist_copy(qdict_get_qlist(rsp, "return"));

    qobject_unref(rsp);
    ps_qtest_quit(t);
    return types;
}

static QDict *dump_vmstate(void)
{
    g_autofree char *path = NULL, *cmd = NULL, *json = NULL, *err = NULL;
    int fd = g_file_open_tmp("presilicon-vmstate-XXXXXX.json", &path, NULL);
    int status;
    QObject *obj;

    close(fd);
    cmd = g_strdup_printf("%s -M presilicon -display none -dump-vmstate %s",
                          g_getenv("QTEST_QEMU_BINARY"), path);
    ck_assert(g_spawn_command_line_sync(cmd, NULL, &err, &status, NULL));
    ck_assert_msg(status == 0, "-dump-vmstate failed: %s", err);
    ck_assert(g_file_get_contents(path, &json, NULL, NULL));
    unlink(path);
    obj = qobject_from_json(json, &error_abort);
    return qobject_to(QDict, obj);
}

/*
 * Models without a device-tree node (the ZIP on PCI, the USB devices)
 * are missed by the interface query; they are listed here.
 */
static const char *const pci_models[] = { "thunderx-zip", "accutouch",
                                           "mcba-usb" };

static void check_golden(QDict *dump, const char *dir, bool update,
                         const char *type)
{
    QObject *entry = qdict_get(dump, type);
    g_autofree char *golden = g_strdup_printf("%s/%s.json", dir, type);
    g_autofree char *text = NULL;
    QObject *want;

    ck_assert_msg(entry != NULL, "model %s has no VMState", type);
    if (update) {
        GString *s = qobject_to_json_pretty(entry, true);

        g_string_append_c(s, '\n');
        ck_assert(g_file_set_contents(golden, s->str, s->len, NULL));
        g_string_free(s, true);
    }
    ck_assert_msg(g_file_get_contents(golden, &text, NULL, NULL),
                  "no golden VMState %s (PRESILICON_UPDATE_GOLDEN=1)",
                  golden);
    want = qobject_from_json(text, &error_abort);
    ck_assert_msg(qobject_is_equal(want, entry),
                  "the migration format of %s differs from %s", type,
                  golden);
    qobject_unref(want);
}

START_TEST(test_every_model_has_golden_vmstate)
{
    QList *types = presilicon_types();
    QDict *dump = dump_vmstate();
    const char *dir = g_getenv("PRESILICON_VMSTATE_DIR");
    bool update = g_getenv("PRESILICON_UPDATE_GOLDEN") != NULL;
    QListEntry *e;
    int n = 0, i;

    ck_assert_ptr_nonnull(dir);
    QLIST_FOREACH_ENTRY(types, e) {
        QDict *info = qobject_to(QDict, qlist_entry_obj(e));

        check_golden(dump, dir, update, qdict_get_str(info, "name"));
        n++;
    }
    ck_assert_int_gt(n, 0);
    for (i = 0; i < ARRAY_SIZE(pci_models); i++) {
        check_golden(dump, dir, update, pci_models[i]);
    }
    qobject_unref(types);
    qobject_unref(dump);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vmstate");
    TCase *tc = tcase_create("vmstate");

    tcase_add_test(tc, test_every_model_has_golden_vmstate);
    suite_add_tcase(s, tc);
    return ps_check_run(s);
}
