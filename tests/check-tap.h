/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run a Check suite with TAP on stdout (meson's protocol: 'tap') and
 * turn its result into the process's exit status. Shared by the unit
 * tests and the qtests.
 */
#ifndef PRESILICON_CHECK_TAP_H
#define PRESILICON_CHECK_TAP_H

#include <check.h>
#include <stdlib.h>

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
