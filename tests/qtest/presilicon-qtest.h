/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for presilicon qtests (Check + libqtest): start the board with a
 * guest-error log of its own, read that log, dump and query the live
 * device tree.
 */
#ifndef PRESILICON_QTEST_H
#define PRESILICON_QTEST_H

#include "libqtest.h"

typedef struct PsQTest {
    QTestState *qts;
    char *log_path;
    size_t log_seen;   /* log bytes already returned by ps_log_take() */
} PsQTest;

/*
 * Start `-M <machine> -m 128M <args>` (a -m in args wins), -d
 * guest_errors,invalid_mem to a private log.
 */
PsQTest *ps_qtest_start(const char *machine, const char *fmt, ...)
    G_GNUC_PRINTF(2, 3);
void ps_qtest_quit(PsQTest *t);

/* Guest-error log text written since the last call (g_free it). */
char *ps_log_take(PsQTest *t);

/*
 * Migrate src (through a file) into a new QEMU started with the same
 * machine and args, and return it once the incoming side has loaded.
 * src keeps running; quit it when done.
 */
PsQTest *ps_migrate(PsQTest *src, const char *machine, const char *args);

/* qom-get of an integer property (fails the test when it is missing). */
int64_t ps_qom_int(QTestState *qts, const char *path, const char *prop);
/* qom-get of a string property, or NULL; g_free it. */
char *ps_qom_str(QTestState *qts, const char *path, const char *prop);
/* qom-set of a string property: NULL, or QMP's error text (g_free it). */
char *ps_qom_set_str(QTestState *qts, const char *path, const char *prop,
                     const char *value);

/*
 * The far end of a stream -netdev socket (-nic socket,fd=N): each frame
 * goes with its length first, 4 bytes big-endian. ps_netsock_recv waits
 * for one frame, as long as the socket's SO_RCVTIMEO allows, and asserts
 * that it fits in max bytes.
 */
size_t ps_netsock_recv(int fd, uint8_t *buf, size_t max);
void ps_netsock_send(int fd, const uint8_t *frame, size_t len);

/*
 * A user's mistake stops QEMU with a message naming it: start
 * `-M presilicon,bare=on -S <args>` and assert that it fails with msg
 * on stderr.
 */
void ps_expect_refused(const char *args, const char *msg);

/* The running machine's device tree (QMP dumpdtb); g_free it. */
void *ps_dtb(PsQTest *t);

/* Offset of the only node with this compatible, or -1 when none exists. */
int ps_fdt_node_by_compat(const void *fdt, const char *compat);
/* The node of @compat whose first reg is at @base (two PL022s, two PL061s). */
int ps_fdt_node_by_reg(const void *fdt, const char *compat, uint64_t base);
/* reg[index] of a node, in its bus's cells (two each, or one: bus@0). */
bool ps_fdt_reg(const void *fdt, int node, int index, uint64_t *base,
                uint64_t *size);
/* The value of a one-cell property, or def when it is absent. */
uint32_t ps_fdt_cell(const void *fdt, int node, const char *prop,
                     uint32_t def);

/*
 * The placements every model's node must survive. check() asserts the
 * node follows the model's binding (want_base 0: anywhere).
 */
typedef void (*PsNodeCheck)(const void *fdt, int node, uint64_t want_base);
/* -M presilicon: the built-in model at base. */
void ps_check_builtin_node(const char *compat, uint64_t base,
                           PsNodeCheck check);
/* -M presilicon,bare=on: no such node, nothing answers at base. */
void ps_check_bare_has_no_node(const char *compat, uint64_t base);
/*
 * -M presilicon,bare=on -device type: the node passes check(); return the
 * running machine and the node's base for the caller's register checks.
 */
PsQTest *ps_start_bare_device(const char *type, const char *compat,
                              PsNodeCheck check, uint64_t *base);

#endif
