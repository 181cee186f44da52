/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a Check suite with TAP on stdout (meson's protocol: 'tap') and
 * turn its result into the process's exit status. Shared by the unit
 * tests and the qtests.
 */
#ifndef PRESILICON_CHECK_TAP_H
#define PRESILICON_CHECK_TAP_H

#include <check.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/*
 * PS_TESTS, when set, is a comma-separated list of shell patterns on the
 * test functions' names (test_bad_*, *migration*): only the tests that
 * match one are added to their test case. The sanitizer suite uses it to
 * run a qtest's hostile and migration cases on the ASan QEMU, where the
 * plain suite already ran them all (tests/qtest/meson.build).
 */
static inline bool ps_test_selected(const char *name)
{
    const char *list = getenv("PS_TESTS");
    char *copy, *pat, *save = NULL;
    bool hit = false;

    if (!list || !*list) {
        return true;
    }
    copy = strdup(list);
    for (pat = strtok_r(copy, ",", &save); pat && !hit;
         pat = strtok_r(NULL, ",", &save)) {
        hit = fnmatch(pat, name, 0) == 0;
    }
    free(copy);
    return hit;
}

static inline void ps_tcase_add_test(TCase *tc, const TTest *tf, int signal,
                                     int allowed_exit_value, int start,
                                     int end)
{
    if (ps_test_selected(tf->name)) {
        _tcase_add_test(tc, tf, signal, allowed_exit_value, start, end);
    }
}

#undef tcase_add_test_raise_signal
#define tcase_add_test_raise_signal(tc, ttest, signal) \
    ps_tcase_add_test((tc), (ttest), (signal), 0, 0, 1)
#undef tcase_add_exit_test
#define tcase_add_exit_test(tc, ttest, expected_exit_value) \
    ps_tcase_add_test((tc), (ttest), 0, (expected_exit_value), 0, 1)
#undef tcase_add_loop_test
#define tcase_add_loop_test(tc, ttest, s, e) \
    ps_tcase_add_test((tc), (ttest), 0, 0, (s), (e))

static inline int ps_check_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;

    srunner_set_tap(sr, "-");
    srunner_run_all(sr, CK_SILENT);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
