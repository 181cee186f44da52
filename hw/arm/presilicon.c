/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * presilicon: an arm64 board that carries the presilicon device models.
 *
 * The board places devices, wires their interrupts and writes the nodes of
 * its own infrastructure (CPUs, GIC, timer, UART, GPIO, SPI, I2C, PCIe,
 * virtio-mmio). Every model of the suite writes its own node through
 * TYPE_PRESILICON_FDT_NODE, whether the board created it or the user added
 * it with -device (those land on the platform bus). See docs/board.md.
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/error-report.h"
#include "qapi/error.h"
#include "qobject/qlist.h"
#include "hw/boards.h"
#include "hw/sysbus.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "hw/platform-bus.h"
#include "hw/arm/boot.h"
#include "hw/loader.h"
#include "hw/arm/fdt.h"
#include "hw/arm/bsa.h"
#include "hw/intc/arm_gicv3_common.h"
#include "hw/intc/arm_gicv3_its_common.h"
#include "hw/pci-host/gpex.h"
#include "hw/pci/pci.h"
#include "hw/crypto/thunderx_zip.h"
#include "hw/block/thunderx_mmc.h"
#include "hw/net/dwc_xlgmac.h"
#include "hw/net/xgene_enet_v2.h"
#include "hw/misc/tegra186_ccplex.h"
#include "hw/net/lan9303.h"
#include "hw/virtio/virtio-net.h"
#include "hw/block/bcm2835_sdhost.h"
#include "hw/dma/bcm2835_dma.h"
#include "hw/block/dm816_ahci.h"
#include "hw/ide/ide-dev.h"
#include "hw/i2c/imx_i2c.h"
#include "hw/char/pl011.h"
#include "hw/ssi/ssi.h"
#include "hw/net/can/hi3110.h"
#include "hw/net/ca8210.h"
#include "hw/net/ieee802154_medium.h"
#include "hw/net/can/mcba_usb.h"
#include "hw/adc/ti_ads7950.h"
#include "hw/pinctrl/artpec6_pinctrl.h"
#include "hw/crypto/caam_regs.h"
#include "hw/misc/lego_ev3_battery.h"
#include "hw/misc/motorola_cpcap.h"
#include "hw/usb/omap_usb2_phy.h"
#include "hw/sd/sd.h"
#include "hw/usb/xhci.h"
#include "hw/usb/hcd-xhci-sysbus.h"
#include "hw/usb/accutouch.h"
#include "system/blockdev.h"
#include "hw/core/presilicon-fdt.h"
#include "hw/arm/presilicon.h"
#include "system/device_tree.h"
#include "hw/irq.h"
#include "system/reset.h"
#include "system/system.h"
#include "target/arm/cpu.h"
#include "cpu.h"
#include <libfdt.h>
#include "hw/gpio/imx_gpio.h"
#include "trace.h"

#define PS_PCLK_HZ   24000000
#define PS_SSPCLK_HZ 100000000

const PresiliconMemMapEntry presilicon_memmap[PS_NR_REGIONS] = {
    [PS_BOOTROM] =      { 0x00000000, 64 * KiB },
    [PS_GIC_DIST] =     { 0x08000000, 64 * KiB },
    [PS_GIC_ITS] =      { 0x08080000, 128 * KiB },
    [PS_GIC_REDIST] =   { 0x080a0000, 8 * 128 * KiB },
    [PS_UART0] =        { 0x09000000, 4 * KiB },
    [PS_GPIO0] =        { 0x09010000, 4 * KiB },
    [PS_SPI0] =         { 0x09020000, 4 * KiB },
    [PS_I2C0] =         { 0x09030000, 4 * KiB },
    [PS_USB0] =         { 0x09040000, XHCI_LEN_REGS },
    [PS_USB2PHY] =      { 0x09050000, 8 * KiB },
    [PS_GPIO1] =        { 0x09060000, 4 * KiB },
    [PS_SPI1] =         { 0x09070000, 4 * KiB },
    [PS_GPIO_CS] =      { 0x09080000, 16 * KiB },
    [PS_VIRTIO] =       { 0x0a000000, PS_NUM_VIRTIO * PS_VIRTIO_SIZE },
    [PS_PLATFORM_BUS] = { 0x0c000000, 32 * MiB },
    [PS_MODELS] =       { 0x10000000, 256 * PS_MODEL_SLOT },
    [PS_PCIE_PIO] =     { 0x1fff0000, 64 * KiB },
    [PS_PCIE_MMIO] =    { 0x20000000, 256 * MiB },
    [PS_PCIE_ECAM] =    { 0x30000000, 256 * MiB },
    [PS_RAM] =          { 0x40000000, 16 * GiB },
};

/* The BCM2835 DMA channels the board wires and describes. */
#define PS_BCM2835_DMA_CHANS 4
/* The SoC's DREQ line of the SDHOST (TI.PERMAP, the dmas cell). */
#define PS_BCM2835_DREQ_SDHOST 13

/*
 * The models -M presilicon creates, each in its own 64 KiB slot of
 * PS_MODELS (or several, for a window larger than a slot) and with
 * consecutive SPIs from PS_IRQ_MODELS, in this order. A slot's address
 * never changes once documented: append only.
 */
static const struct {
    const char *type;
    int n_irqs;
    /* Optional: its name under /machine (default: the type) ... */
    const char *name;
    /* ... and one string property set before it is realized. */
    const char *prop, *value;
    /* Slots it takes (0: one). */
    int slots;
} presilicon_models[] = {
    { "mtk-rng", 0 },
    { "stm32-crc", 0 },
    { "xenon-sdhci", 1 },
    { "bcm2835-sdhost", 1 },
    /* QEMU's BCM2835 DMA controller: channels 0-3 (PS_BCM2835_DMA_CHANS). */
    { "bcm2835-dma", PS_BCM2835_DMA_CHANS },
    { "dm816-ahci", 1 },
    { "ast2500-pwm-tacho", 1 },
    /* The wrapper's own line, then the MT6323 PMIC's INT pin. */
    { "mt7623-pwrap", 2 },
    /* The Armada 37xx pin controllers: north bridge, then south bridge. */
    { "armada37xx-pinctrl", 1, "armada37xx-nb-pinctrl", "bridge", "nb" },
    { "armada37xx-pinctrl", 1, "armada37xx-sb-pinctrl", "bridge", "sb" },
    /* The STM32F469 pin controller: EXTI lines 0-15, one SPI each. */
    { "stm32f469-pinctrl", 16 },
    /* The WD1003 ST-506 disk controller (the hd driver's interface). */
    { "wd1003", 1 },
    /* The X-Gene ENET v2: its NIC is -nic ...,model=xgene-enet-v2. */
    { "xgene-enet-v2", 1 },
    /*
     * Tegra186 cpufreq: the HSP (a 256 KiB window; "doorbell", "shared0"),
     * the BPMP (its SYSRAM) on the HSP's doorbells, the CCPLEX cluster
     * (512 KiB) whose tables the BPMP gives, and the MISC chip ID.
     */
    { "tegra186-hsp", 2, .slots = 4 },
    { "tegra186-bpmp", 0 },
    { "tegra186-ccplex-cluster", 0, .slots = 8 },
    { "tegra186-misc", 0 },
    /*
     * The Broadcom FlexRM ring manager (two rings of 64 KiB) with the
     * SBA-RAID engine: no SPI, its rings signal by MSI through the ITS.
     */
    { "bcm-flexrm", 0, .slots = 2 },
    /*
     * The Axis ARTPEC-6 pin controller and its GPIO banks, PL061s for
     * GPIO0-31 (windows 1-4, one SPI each: the first past the platform
     * bus's).
     */
    { "artpec6-pinctrl", ARTPEC6_GPIO_BANKS },
    /* The NXP CAAM (SEC 4.x): one SPI per job ring (CAAM_NUM_JR). */
    { "caam", CAAM_NUM_JR },
};

/*
 * The first SPI of a built-in model with n lines, the lines before it
 * ending at irq: from PS_IRQ_MODELS up to the platform bus's, then from
 * PS_IRQ_MODELS_HIGH, past them.
 */
static int ps_model_irq_base(int irq, int n)
{
    if (n && irq < PS_IRQ_MODELS_HIGH && irq + n > PS_IRQ_PLATFORM_BUS) {
        return PS_IRQ_MODELS_HIGH;
    }
    return irq;
}

/* The built-in model of type, created earlier in presilicon_models order. */
static Object *ps_model_of_type(PresiliconMachineState *pms, const char *type)
{
    for (int i = 0; i < pms->models->len; i++) {
        Object *o = g_ptr_array_index(pms->models, i);

        if (object_dynamic_cast(o, type)) {
            return o;
        }
    }
    g_assert_not_reached();
}

/* A two-string list property: "compatible", "clock-names". */
static void ps_fdt_pair(void *fdt, const char *path, const char *prop,
                        const char *a, const char *b)
{
    char *list[] = { (char *)a, (char *)b };

    qemu_fdt_setprop_string_array(fdt, path, prop, list, ARRAY_SIZE(list));
}

static void ps_fdt_irq(void *fdt, const char *path, int spi)
{
    qemu_fdt_setprop_cells(fdt, path, "interrupts", GIC_FDT_IRQ_TYPE_SPI, spi,
                           GIC_FDT_IRQ_FLAGS_LEVEL_HI);
}

static void ps_create_fdt(PresiliconMachineState *pms)
{
    MachineState *ms = MACHINE(pms);
    void *fdt = create_device_tree(&pms->fdt_size);

    if (!fdt) {
        error_report("presilicon: create_device_tree() failed");
        exit(1);
    }
    ms->fdt = fdt;
    qemu_fdt_setprop_string(fdt, "/", "compatible", "presilicon,board");
    qemu_fdt_setprop_string(fdt, "/", "model", "presilicon");
    qemu_fdt_setprop_cell(fdt, "/", "#address-cells", 2);
    qemu_fdt_setprop_cell(fdt, "/", "#size-cells", 2);
    qemu_fdt_add_subnode(fdt, "/chosen");
    qemu_fdt_add_subnode(fdt, "/soc");
    qemu_fdt_setprop_string(fdt, "/soc", "compatible", "simple-bus");
    qemu_fdt_setprop_cell(fdt, "/soc", "#address-cells", 2);
    qemu_fdt_setprop_cell(fdt, "/soc", "#size-cells", 2);
    qemu_fdt_setprop(fdt, "/soc", "ranges", NULL, 0);
    qemu_fdt_setprop(fdt, "/soc", "dma-coherent", NULL, 0);
}

static void ps_create_cpus(PresiliconMachineState *pms)
{
    MachineState *ms = MACHINE(pms);
    void *fdt = ms->fdt;
    int n;

    for (n = 0; n < ms->smp.cpus; n++) {
        Object *cpuobj = object_new(ms->cpu_type);

        /* Boot at EL1 so that PSCI calls go to QEMU through HVC. */
        if (object_property_find(cpuobj, "has_el3")) {
            object_property_set_bool(cpuobj, "has_el3", false, NULL);
        }
        if (object_property_find(cpuobj, "has_el2")) {
            object_property_set_bool(cpuobj, "has_el2", false, NULL);
        }
        object_property_set_link(cpuobj, "memory",
                                 OBJECT(get_system_memory()), &error_abort);
        qdev_realize(DEVICE(cpuobj), NULL, &error_fatal);
        object_unref(cpuobj);
    }

    qemu_fdt_add_subnode(fdt, "/cpus");
    qemu_fdt_setprop_cell(fdt, "/cpus", "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, "/cpus", "#size-cells", 0);
    for (n = ms->smp.cpus - 1; n >= 0; n--) {
        ARMCPU *cpu = ARM_CPU(qemu_get_cpu(n));
        g_autofree char *path = g_strdup_printf("/cpus/cpu@%d", n);

        qemu_fdt_add_subnode(fdt, path);
        qemu_fdt_setprop_string(fdt, path, "device_type", "cpu");
        qemu_fdt_setprop_string(fdt, path, "compatible", cpu->dtb_compatible);
        qemu_fdt_setprop_cell(fdt, path, "reg", arm_cpu_mp_affinity(cpu));
        if (ms->smp.cpus > 1) {
            qemu_fdt_setprop_string(fdt, path, "enable-method", "psci");
        }
    }

    /*
     * Secure and non-secure physical, virtual and hypervisor timers; an
     * Armv7 CPU (-cpu cortex-a15, cortex-a7) has the Armv7 generic timer.
     */
    qemu_fdt_add_subnode(fdt, "/timer");
    qemu_fdt_setprop_string(fdt, "/timer", "compatible",
        arm_feature(&ARM_CPU(first_cpu)->env, ARM_FEATURE_V8) ?
        "arm,armv8-timer" : "arm,armv7-timer");
    qemu_fdt_setprop(fdt, "/timer", "always-on", NULL, 0);
    qemu_fdt_setprop_cells(fdt, "/timer", "interrupts",
        GIC_FDT_IRQ_TYPE_PPI, INTID_TO_PPI(ARCH_TIMER_S_EL1_IRQ),
        GIC_FDT_IRQ_FLAGS_LEVEL_HI,
        GIC_FDT_IRQ_TYPE_PPI, INTID_TO_PPI(ARCH_TIMER_NS_EL1_IRQ),
        GIC_FDT_IRQ_FLAGS_LEVEL_HI,
        GIC_FDT_IRQ_TYPE_PPI, INTID_TO_PPI(ARCH_TIMER_VIRT_IRQ),
        GIC_FDT_IRQ_FLAGS_LEVEL_HI,
        GIC_FDT_IRQ_TYPE_PPI, INTID_TO_PPI(ARCH_TIMER_NS_EL2_IRQ),
        GIC_FDT_IRQ_FLAGS_LEVEL_HI);
}

static void ps_create_gic(PresiliconMachineState *pms)
{
    MachineState *ms = MACHINE(pms);
    const PresiliconMemMapEntry *m = presilicon_memmap;
    void *fdt = ms->fdt;
    SysBusDevice *sbd;
    DeviceState *its;
    QList *redist = qlist_new();
    int n, ncpu = ms->smp.cpus;
    const char *gic_path = "/intc@8000000";
    g_autofree char *its_path = NULL;

    pms->gic = qdev_new(gicv3_class_name());
    qdev_prop_set_uint32(pms->gic, "revision", 3);
    qdev_prop_set_uint32(pms->gic, "num-cpu", ncpu);
    qdev_prop_set_uint32(pms->gic, "num-irq", PS_NUM_SPIS + GIC_INTERNAL);
    qlist_append_int(redist, ncpu);
    qdev_prop_set_array(pms->gic, "redist-region-count", redist);
    object_property_set_link(OBJECT(pms->gic), "sysmem",
                             OBJECT(get_system_memory()), &error_fatal);
    qdev_prop_set_bit(pms->gic, "has-lpi", true);
    sbd = SYS_BUS_DEVICE(pms->gic);
    sysbus_realize_and_unref(sbd, &error_fatal);
    sysbus_mmio_map(sbd, 0, m[PS_GIC_DIST].base);
    sysbus_mmio_map(sbd, 1, m[PS_GIC_REDIST].base);

    for (n = 0; n < ncpu; n++) {
        DeviceState *cpudev = DEVICE(qemu_get_cpu(n));
        int ppibase = PS_NUM_SPIS + n * GIC_INTERNAL;
        static const int timer_irq[] = {
            [GTIMER_PHYS] = ARCH_TIMER_NS_EL1_IRQ,
            [GTIMER_VIRT] = ARCH_TIMER_VIRT_IRQ,
            [GTIMER_HYP]  = ARCH_TIMER_NS_EL2_IRQ,
            [GTIMER_SEC]  = ARCH_TIMER_S_EL1_IRQ,
            [GTIMER_HYPVIRT] = ARCH_TIMER_NS_EL2_VIRT_IRQ,
            [GTIMER_S_EL2_PHYS] = ARCH_TIMER_S_EL2_IRQ,
            [GTIMER_S_EL2_VIRT] = ARCH_TIMER_S_EL2_VIRT_IRQ,
        };

        for (int t = 0; t < ARRAY_SIZE(timer_irq); t++) {
            qdev_connect_gpio_out(cpudev, t,
                qdev_get_gpio_in(pms->gic, ppibase + timer_irq[t]));
        }
        qdev_connect_gpio_out_named(cpudev, "gicv3-maintenance-interrupt", 0,
            qdev_get_gpio_in(pms->gic, ppibase + ARCH_GIC_MAINT_IRQ));
        qdev_connect_gpio_out_named(cpudev, "pmu-interrupt", 0,
            qdev_get_gpio_in(pms->gic, ppibase + VIRTUAL_PMU_IRQ));
        sysbus_connect_irq(sbd, n, qdev_get_gpio_in(cpudev, ARM_CPU_IRQ));
        sysbus_connect_irq(sbd, n + ncpu,
                           qdev_get_gpio_in(cpudev, ARM_CPU_FIQ));
        sysbus_connect_irq(sbd, n + 2 * ncpu,
                           qdev_get_gpio_in(cpudev, ARM_CPU_VIRQ));
        sysbus_connect_irq(sbd, n + 3 * ncpu,
                           qdev_get_gpio_in(cpudev, ARM_CPU_VFIQ));
        sysbus_connect_irq(sbd, n + 4 * ncpu,
                           qdev_get_gpio_in(cpudev, ARM_CPU_NMI));
        sysbus_connect_irq(sbd, n + 5 * ncpu,
                           qdev_get_gpio_in(cpudev, ARM_CPU_VINMI));
    }

    its = qdev_new(its_class_name());
    object_property_set_link(OBJECT(its), "parent-gicv3", OBJECT(pms->gic),
                             &error_abort);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(its), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(its), 0, m[PS_GIC_ITS].base);

    pms->gic_phandle = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_setprop_cell(fdt, "/", "interrupt-parent", pms->gic_phandle);
    qemu_fdt_add_subnode(fdt, gic_path);
    qemu_fdt_setprop_string(fdt, gic_path, "compatible", "arm,gic-v3");
    qemu_fdt_setprop_cell(fdt, gic_path, "#interrupt-cells", 3);
    qemu_fdt_setprop(fdt, gic_path, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, gic_path, "#address-cells", 2);
    qemu_fdt_setprop_cell(fdt, gic_path, "#size-cells", 2);
    qemu_fdt_setprop(fdt, gic_path, "ranges", NULL, 0);
    qemu_fdt_setprop_sized_cells(fdt, gic_path, "reg",
        2, m[PS_GIC_DIST].base, 2, m[PS_GIC_DIST].size,
        2, m[PS_GIC_REDIST].base, 2, (uint64_t)ncpu * GICV3_REDIST_SIZE);
    qemu_fdt_setprop_cells(fdt, gic_path, "interrupts", GIC_FDT_IRQ_TYPE_PPI,
                           INTID_TO_PPI(ARCH_GIC_MAINT_IRQ),
                           GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    qemu_fdt_setprop_cell(fdt, gic_path, "phandle", pms->gic_phandle);

    pms->its_phandle = qemu_fdt_alloc_phandle(fdt);
    its_path = g_strdup_printf("%s/its@%" HWADDR_PRIx, gic_path,
                               m[PS_GIC_ITS].base);
    qemu_fdt_add_subnode(fdt, its_path);
    qemu_fdt_setprop_string(fdt, its_path, "compatible", "arm,gic-v3-its");
    qemu_fdt_setprop(fdt, its_path, "msi-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, its_path, "#msi-cells", 1);
    qemu_fdt_setprop_sized_cells(fdt, its_path, "reg",
        2, m[PS_GIC_ITS].base, 2, m[PS_GIC_ITS].size);
    qemu_fdt_setprop_cell(fdt, its_path, "phandle", pms->its_phandle);
}

static qemu_irq ps_spi(PresiliconMachineState *pms, int spi)
{
    return qdev_get_gpio_in(pms->gic, spi);
}

/* A PrimeCell node: reg, one SPI, and its clocks by name. */
static char *ps_fdt_primecell(PresiliconMachineState *pms, const char *name,
                              const char *compat, int region, int spi)
{
    void *fdt = MACHINE(pms)->fdt;
    const PresiliconMemMapEntry *m = &presilicon_memmap[region];
    char *path = g_strdup_printf("/soc/%s@%" HWADDR_PRIx, name, m->base);
    qemu_fdt_add_subnode(fdt, path);
    ps_fdt_pair(fdt, path, "compatible", compat, "arm,primecell");
    qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, m->base, 2, m->size);
    if (spi >= 0) {
        ps_fdt_irq(fdt, path, spi);
    }
    return path;
}

static void ps_create_uart(PresiliconMachineState *pms, uint32_t pclk)
{
    void *fdt = MACHINE(pms)->fdt;
    g_autofree char *path = NULL;

    pl011_create(presilicon_memmap[PS_UART0].base, ps_spi(pms, PS_IRQ_UART0),
                 serial_hd(0));
    path = ps_fdt_primecell(pms, "serial", "arm,pl011", PS_UART0,
                            PS_IRQ_UART0);
    qemu_fdt_setprop_cells(fdt, path, "clocks", pclk, pclk);
    ps_fdt_pair(fdt, path, "clock-names", "uartclk", "apb_pclk");
    qemu_fdt_setprop_string(fdt, "/chosen", "stdout-path", path);
    qemu_fdt_add_subnode(fdt, "/aliases");
    qemu_fdt_setprop_string(fdt, "/aliases", "serial0", path);
}

static DeviceState *ps_create_pl061(PresiliconMachineState *pms,
                                    uint32_t pclk, int region, int irq,
                                    uint32_t *phandle)
{
    void *fdt = MACHINE(pms)->fdt;
    g_autofree char *path = NULL;
    DeviceState *dev;

    dev = sysbus_create_simple("pl061", presilicon_memmap[region].base,
                               ps_spi(pms, irq));
    path = ps_fdt_primecell(pms, "gpio", "arm,pl061", region, irq);
    *phandle = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_setprop_cell(fdt, path, "phandle", *phandle);
    qemu_fdt_setprop_cell(fdt, path, "#gpio-cells", 2);
    qemu_fdt_setprop(fdt, path, "gpio-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, path, "#interrupt-cells", 2);
    qemu_fdt_setprop(fdt, path, "interrupt-controller", NULL, 0);
    /* dtc wants it on every interrupt provider; GPIO lines have no address. */
    qemu_fdt_setprop_cell(fdt, path, "#address-cells", 0);
    qemu_fdt_setprop_cell(fdt, path, "clocks", pclk);
    qemu_fdt_setprop_string(fdt, path, "clock-names", "apb_pclk");
    return dev;
}

/*
 * The PL022s' chip-select GPIO: QEMU's i.MX GPIO (gpio-mxc in Linux,
 * "fsl,imx35-gpio"), 32 lines, one interrupt (PS_IRQ_GPIO_CS).
 */
static void ps_create_gpio_cs(PresiliconMachineState *pms)
{
    void *fdt = MACHINE(pms)->fdt;
    const PresiliconMemMapEntry *m = &presilicon_memmap[PS_GPIO_CS];
    g_autofree char *path = g_strdup_printf("/soc/gpio@%" HWADDR_PRIx,
                                            m->base);

    pms->gpio_cs = sysbus_create_simple(TYPE_IMX_GPIO, m->base,
                                        ps_spi(pms, PS_IRQ_GPIO_CS));
    pms->gpio_cs_phandle = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_add_subnode(fdt, path);
    qemu_fdt_setprop_string(fdt, path, "compatible", "fsl,imx35-gpio");
    qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, m->base, 2, m->size);
    ps_fdt_irq(fdt, path, PS_IRQ_GPIO_CS);
    qemu_fdt_setprop_cell(fdt, path, "phandle", pms->gpio_cs_phandle);
    qemu_fdt_setprop_cell(fdt, path, "#gpio-cells", 2);
    qemu_fdt_setprop(fdt, path, "gpio-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, path, "#interrupt-cells", 2);
    qemu_fdt_setprop(fdt, path, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, path, "#address-cells", 0);
}

static void ps_create_gpio(PresiliconMachineState *pms, uint32_t pclk)
{
    ps_create_gpio_cs(pms);
    pms->gpio = ps_create_pl061(pms, pclk, PS_GPIO0, PS_IRQ_GPIO0,
                                &pms->gpio_phandle);
    pms->gpio1 = ps_create_pl061(pms, pclk, PS_GPIO1, PS_IRQ_GPIO1,
                                 &pms->gpio1_phandle);
}

static DeviceState *ps_create_pl022(PresiliconMachineState *pms,
                                    uint32_t pclk, uint32_t sspclk,
                                    int region, int irq, int first_cs,
                                    int ncs, char **pathp)
{
    void *fdt = MACHINE(pms)->fdt;
    uint32_t cs[PS_SPI_NUM_CS * 3];
    DeviceState *dev;
    char *path;

    dev = sysbus_create_simple("pl022", presilicon_memmap[region].base,
                               ps_spi(pms, irq));
    path = ps_fdt_primecell(pms, "spi", "arm,pl022", region, irq);
    qemu_fdt_setprop_cell(fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, path, "#size-cells", 0);
    qemu_fdt_setprop_cells(fdt, path, "clocks", sspclk, pclk);
    ps_fdt_pair(fdt, path, "clock-names", "sspclk", "apb_pclk");
    /*
     * The PL022 has no chip select of its own that Linux drives: lines of
     * the chip-select GPIO are, from first_cs, active low (ps_wire_spi()).
     */
    for (int i = 0; i < ncs; i++) {
        cs[i * 3] = cpu_to_be32(pms->gpio_cs_phandle);
        cs[i * 3 + 1] = cpu_to_be32(first_cs + i);
        cs[i * 3 + 2] = cpu_to_be32(PRESILICON_FDT_GPIO_ACTIVE_LOW);
    }
    qemu_fdt_setprop(fdt, path, "cs-gpios", cs, ncs * 3 * sizeof(uint32_t));
    *pathp = path;
    return dev;
}

static void ps_create_spi(PresiliconMachineState *pms, uint32_t pclk,
                          uint32_t sspclk)
{
    BusState *radio;

    /*
     * The radio bus first: -device without bus= takes the bus created
     * last (qbus_find_recursive()), and that must stay the first PL022's.
     */
    pms->spi1 = ps_create_pl022(pms, pclk, sspclk, PS_SPI1, PS_IRQ_SPI1,
                                PS_GPIO_CS_RADIO, PS_RADIO_NUM_CS,
                                &pms->spi1_path);
    pms->spi = ps_create_pl022(pms, pclk, sspclk, PS_SPI0, PS_IRQ_SPI0,
                               0, PS_SPI_NUM_CS,
                               &pms->spi_path);
    /*
     * Both PL022s name their bus "ssi"; -device ...,bus=spi1 must find
     * the radio bus, so it gets a name of its own.
     */
    radio = qdev_get_child_bus(pms->spi1, "ssi");
    g_free(radio->name);
    radio->name = g_strdup(PS_RADIO_SPI_BUS);
}

static SSIBus *ps_spi_bus(PresiliconMachineState *pms)
{
    return (SSIBus *)qdev_get_child_bus(pms->spi, "ssi");
}

static SSIBus *ps_radio_bus(PresiliconMachineState *pms)
{
    return (SSIBus *)QLIST_FIRST(&pms->spi1->child_bus);
}

/*
 * The 802.15.4 medium of the board's radios, /machine/wpan0, there with
 * or without bare=on (a -device ca8210 links to it).
 */
static void ps_create_wpan(PresiliconMachineState *pms)
{
    Error *err = NULL;

    pms->wpan = OBJECT(ieee802154_medium_board());
    if (pms->wpan_pcap &&
        !object_property_set_str(pms->wpan, "pcap", pms->wpan_pcap, &err)) {
        error_prepend(&err, "-M presilicon,wpan-pcap=%s: ", pms->wpan_pcap);
        error_report_err(err);
        exit(1);
    }
    if (pms->wpan_chardev &&
        !object_property_set_str(pms->wpan, "chardev", pms->wpan_chardev,
                                 &err)) {
        error_prepend(&err, "-M presilicon,wpan-chardev=%s: ",
                      pms->wpan_chardev);
        error_report_err(err);
        exit(1);
    }
}

/* The board's two CA8210 radios, ca8210-0 and ca8210-1, on wpan0. */
static void ps_create_radio_models(PresiliconMachineState *pms)
{
    for (int i = 0; i < PS_RADIO_NUM_CS; i++) {
        DeviceState *dev = qdev_new(TYPE_CA8210);
        g_autofree char *name = g_strdup_printf("ca8210-%d", i);

        object_property_add_child(OBJECT(pms), name, OBJECT(dev));
        qdev_prop_set_uint8(dev, "cs", i);
        ssi_realize_and_unref(dev, ps_radio_bus(pms), &error_fatal);
    }
}

/*
 * The SPI devices of -M presilicon: the EV3's ADS7957 at chip select 0
 * and the battery it measures (a bus-less sysbus device, not in a slot).
 */
static void ps_create_spi_models(PresiliconMachineState *pms)
{
    DeviceState *adc = qdev_new(TYPE_TI_ADS7957);
    DeviceState *batt = qdev_new(TYPE_LEGO_EV3_BATTERY);
    DeviceState *cpcap, *hi3110;

    object_property_add_child(OBJECT(pms), TYPE_TI_ADS7957, OBJECT(adc));
    qdev_prop_set_uint8(adc, "cs", 0);
    ssi_realize_and_unref(adc, ps_spi_bus(pms), &error_fatal);
    object_property_add_child(OBJECT(pms), TYPE_LEGO_EV3_BATTERY,
                              OBJECT(batt));
    object_property_set_link(OBJECT(batt), "adc", OBJECT(adc), &error_abort);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(batt), &error_fatal);
    pms->ev3_battery = batt;

    /* The Droid 4's CPCAP PMIC at chip select 1, its interrupt on line 5. */
    cpcap = qdev_new(TYPE_MOTOROLA_CPCAP);
    object_property_add_child(OBJECT(pms), TYPE_MOTOROLA_CPCAP,
                              OBJECT(cpcap));
    qdev_prop_set_uint8(cpcap, "cs", 1);
    ssi_realize_and_unref(cpcap, ps_spi_bus(pms), &error_fatal);

    /* The HI-3110 CAN controller at chip select 2, on the board's CAN bus. */
    hi3110 = qdev_new(TYPE_HI3110);
    object_property_add_child(OBJECT(pms), TYPE_HI3110, OBJECT(hi3110));
    qdev_prop_set_uint8(hi3110, "cs", PS_SPI_CS_HI3110);
    ssi_realize_and_unref(hi3110, ps_spi_bus(pms), &error_fatal);

    /*
     * The OMAP4 USB2 PHY whose VBUS comparator the CPCAP's charger is
     * (cpcap-charger waits for it); the control module's power register
     * 4 KiB in. On the SoC side of the board, not in a model slot.
     */
    pms->usb2phy = qdev_new(TYPE_OMAP_USB2_PHY);
    object_property_add_child(OBJECT(pms), TYPE_OMAP_USB2_PHY,
                              OBJECT(pms->usb2phy));
    sysbus_realize_and_unref(SYS_BUS_DEVICE(pms->usb2phy), &error_fatal);
    for (int i = 0; i < 2; i++) {
        sysbus_mmio_map(SYS_BUS_DEVICE(pms->usb2phy), i,
                        presilicon_memmap[PS_USB2PHY].base +
                        i * PS_MODEL_SUBWINDOW);
    }
}

/*
 * Every device on the PL022's bus, built in or added with -device
 * (-device ti-ads7957,cs=N), has its chip select input on line N of the
 * chip-select GPIO.
 */
static void ps_wire_spi(PresiliconMachineState *pms)
{
    BusChild *kid;
    bool cpcap = false;

    QTAILQ_FOREACH(kid, &BUS(ps_spi_bus(pms))->children, sibling) {
        SSIPeripheral *p = SSI_PERIPHERAL(kid->child);

        if (p->cs_index >= PS_SPI_NUM_CS) {
            error_report("presilicon: -device %s,cs=%u: the PL022 has chip "
                         "selects 0 to %d", object_get_typename(OBJECT(p)),
                         p->cs_index, PS_SPI_NUM_CS - 1);
            exit(1);
        }
        if (p->spc->cs_polarity != SSI_CS_NONE) {
            qdev_connect_gpio_out(pms->gpio_cs, p->cs_index,
                                  qdev_get_gpio_in_named(DEVICE(p),
                                                         SSI_GPIO_CS, 0));
        }
        if (object_dynamic_cast(OBJECT(p), TYPE_MOTOROLA_CPCAP)) {
            if (cpcap) {
                error_report("presilicon: one motorola-cpcap at most: the "
                             "board has one line for its interrupt (PL061 "
                             "line %d)", PS_GPIO_CPCAP_INT);
                exit(1);
            }
            cpcap = true;
            qdev_connect_gpio_out_named(DEVICE(p), CPCAP_IRQ_OUT, 0,
                                        qdev_get_gpio_in(pms->gpio,
                                                         PS_GPIO_CPCAP_INT));
        }
        if (object_dynamic_cast(OBJECT(p), TYPE_HI3110)) {
            int line = PS_GPIO_HI3110_BASE + p->cs_index;

            if ((line == PS_GPIO_EV3_BATTERY &&
                 object_resolve_path_type("", TYPE_LEGO_EV3_BATTERY, NULL)) ||
                (line == PS_GPIO_CPCAP_INT &&
                 object_resolve_path_type("", TYPE_MOTOROLA_CPCAP, NULL))) {
                error_report("presilicon: -device hi3110,cs=%u: its interrupt "
                             "would be PL061 line %d, which the %s uses; "
                             "chip selects 2 and 3 are free", p->cs_index,
                             line, line == PS_GPIO_EV3_BATTERY ?
                             "EV3 battery" : "CPCAP");
                exit(1);
            }
            qdev_connect_gpio_out_named(DEVICE(p), HI3110_IRQ_OUT, 0,
                                        qdev_get_gpio_in(pms->gpio, line));
        }
        trace_presilicon_place_spi(object_get_typename(OBJECT(p)),
                                   p->cs_index);
    }
}

/*
 * The chip-select lines have pull-ups: after a reset, before Linux makes
 * them outputs (gpio-mxc drives nothing until then), each device on
 * either bus sees its chip select high.
 */
static void ps_cs_pullups_bus(BusState *bus)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &bus->children, sibling) {
        SSIPeripheral *p = SSI_PERIPHERAL(kid->child);

        if (p->spc->cs_polarity != SSI_CS_NONE) {
            qemu_set_irq(qdev_get_gpio_in_named(DEVICE(p), SSI_GPIO_CS, 0),
                         1);
        }
    }
}

static void ps_cs_pullups(void *opaque)
{
    PresiliconMachineState *pms = opaque;

    ps_cs_pullups_bus(BUS(ps_spi_bus(pms)));
    ps_cs_pullups_bus(BUS(ps_radio_bus(pms)));
}

/*
 * The radio bus takes CA8210s at chip selects 0 and 1: each one's chip
 * select on the chip-select GPIO (PS_GPIO_CS_RADIO + N), its IRQ and
 * RESET on the radios' PL061 (PS_GPIO1_RADIO_*). A
 * -device ca8210 without bus= lands on the first PL022: refused, naming
 * the bus it belongs on.
 */
static void ps_wire_radios(PresiliconMachineState *pms)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &BUS(ps_spi_bus(pms))->children, sibling) {
        if (object_dynamic_cast(OBJECT(kid->child), TYPE_CA8210)) {
            error_report("presilicon: -device ca8210: the radios are on "
                         "the second PL022; add bus=" PS_RADIO_SPI_BUS);
            exit(1);
        }
    }
    QTAILQ_FOREACH(kid, &BUS(ps_radio_bus(pms))->children, sibling) {
        SSIPeripheral *p = SSI_PERIPHERAL(kid->child);
        DeviceState *dev = DEVICE(p);

        if (!object_dynamic_cast(OBJECT(p), TYPE_CA8210)) {
            error_report("presilicon: -device %s,bus=" PS_RADIO_SPI_BUS
                         ": the radio bus takes ca8210 radios only",
                         object_get_typename(OBJECT(p)));
            exit(1);
        }
        if (p->cs_index >= PS_RADIO_NUM_CS) {
            error_report("presilicon: -device ca8210,cs=%u: the radio bus "
                         "has chip selects 0 and 1", p->cs_index);
            exit(1);
        }
        qdev_connect_gpio_out(pms->gpio_cs, PS_GPIO_CS_RADIO + p->cs_index,
                              qdev_get_gpio_in_named(dev, SSI_GPIO_CS, 0));
        qdev_connect_gpio_out_named(dev, CA8210_IRQ_OUT, 0,
                                    qdev_get_gpio_in(pms->gpio1,
                                        PS_GPIO1_RADIO_IRQ(p->cs_index)));
        qdev_connect_gpio_out(pms->gpio1, PS_GPIO1_RADIO_RESET(p->cs_index),
                              qdev_get_gpio_in_named(dev, CA8210_RESET_IN,
                                                     0));
        trace_presilicon_place_spi(object_get_typename(OBJECT(p)),
                                   p->cs_index);
    }
}

/* The EV3 battery's type switch drives PL061 line PS_GPIO_EV3_BATTERY. */
static void ps_wire_ev3_battery(PresiliconMachineState *pms)
{
    bool ambiguous = false;
    Object *batt = object_resolve_path_type("", TYPE_LEGO_EV3_BATTERY,
                                            &ambiguous);

    if (ambiguous) {
        error_report("presilicon: one lego-ev3-battery at most: the board "
                     "has one battery-type line (PL061 line %d)",
                     PS_GPIO_EV3_BATTERY);
        exit(1);
    }
    if (batt) {
        qdev_connect_gpio_out_named(DEVICE(batt), "rechargeable", 0,
                                    qdev_get_gpio_in(pms->gpio,
                                                     PS_GPIO_EV3_BATTERY));
    }
}

/* The board's GPIO line a device's node names, if it has one. */
static void ps_gpio_ctx(PresiliconMachineState *pms, DeviceState *dev,
                        PresiliconFdtContext *ctx)
{
    if (object_dynamic_cast(OBJECT(dev), TYPE_LEGO_EV3_BATTERY)) {
        ctx->gpio_phandle = pms->gpio_phandle;
        ctx->gpio_line = PS_GPIO_EV3_BATTERY;
    } else if (object_dynamic_cast(OBJECT(dev), TYPE_MOTOROLA_CPCAP)) {
        ctx->gpio_phandle = pms->gpio_phandle;
        ctx->gpio_line = PS_GPIO_CPCAP_INT;
    } else if (object_dynamic_cast(OBJECT(dev), TYPE_HI3110)) {
        ctx->gpio_phandle = pms->gpio_phandle;
        ctx->gpio_line = PS_GPIO_HI3110_BASE + SSI_PERIPHERAL(dev)->cs_index;
    }
}

/* Nodes of the SPI devices, under the PL022's, at their chip selects. */
static void ps_spi_nodes(PresiliconMachineState *pms)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &BUS(ps_spi_bus(pms))->children, sibling) {
        PresiliconFdtContext ctx = {
            .fdt = MACHINE(pms)->fdt,
            .parent = pms->spi_path,
            .intc_phandle = pms->gic_phandle,
            .spi_cs = SSI_PERIPHERAL(kid->child)->cs_index,
        };

        ps_gpio_ctx(pms, kid->child, &ctx);
        presilicon_fdt_add_device(kid->child, &ctx);
    }
}

/* The radios' nodes, under the radio PL022's. */
static void ps_radio_nodes(PresiliconMachineState *pms)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &BUS(ps_radio_bus(pms))->children, sibling) {
        int cs = SSI_PERIPHERAL(kid->child)->cs_index;
        PresiliconFdtContext ctx = {
            .fdt = MACHINE(pms)->fdt,
            .parent = pms->spi1_path,
            .intc_phandle = pms->gic_phandle,
            .spi_cs = cs,
            .gpio_phandle = pms->gpio1_phandle,
            .gpio_line = PS_GPIO1_RADIO_IRQ(cs),
        };

        presilicon_fdt_add_device(kid->child, &ctx);
    }
}

/* The I2C controller's bus rate: fast mode, as the LAN9303 allows. */
#define PS_I2C_HZ 400000

static void ps_create_i2c(PresiliconMachineState *pms, uint32_t pclk)
{
    void *fdt = MACHINE(pms)->fdt;
    const PresiliconMemMapEntry *m = &presilicon_memmap[PS_I2C0];
    char *path = g_strdup_printf("/soc/i2c@%" HWADDR_PRIx, m->base);

    /*
     * QEMU's i.MX I2C (i2c-imx in Linux, "fsl,imx21-i2c": byte registers
     * 4 bytes apart), one interrupt per byte. It replaced an SBCon, whose
     * bit-banging with i2c-algo-bit's fixed 30 us delays made the
     * LAN9303's probe cost a second of every boot (docs/board.md).
     */
    pms->i2c = sysbus_create_simple(TYPE_IMX_I2C, m->base,
                                    ps_spi(pms, PS_IRQ_I2C0));
    pms->i2c_path = path;
    qemu_fdt_add_subnode(fdt, path);
    qemu_fdt_setprop_string(fdt, path, "compatible", "fsl,imx21-i2c");
    qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, m->base, 2, m->size);
    ps_fdt_irq(fdt, path, PS_IRQ_I2C0);
    qemu_fdt_setprop_cell(fdt, path, "clocks", pclk);
    qemu_fdt_setprop_cell(fdt, path, "clock-frequency", PS_I2C_HZ);
    qemu_fdt_setprop_cell(fdt, path, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, path, "#size-cells", 0);
}

/*
 * The board's USB host: QEMU's xHCI on the SoC bus (generic-xhci,
 * xhci-plat in Linux), one interrupt line. USB models are USB devices on
 * its bus, usb-bus.0, with no node of their own: the board creates the
 * built-in ones there (ps_create_usb_models()) and -device TYPE,bus=usb-bus.0
 * adds more, with or without bare=on (docs/board.md, "USB devices").
 */
static void ps_create_usb(PresiliconMachineState *pms)
{
    void *fdt = MACHINE(pms)->fdt;
    const PresiliconMemMapEntry *m = &presilicon_memmap[PS_USB0];
    g_autofree char *path = g_strdup_printf("/soc/usb@%" HWADDR_PRIx, m->base);
    DeviceState *dev = qdev_new(TYPE_XHCI_SYSBUS);
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);

    object_property_add_child(OBJECT(pms), "xhci", OBJECT(dev));
    qdev_prop_set_uint32(dev, "intrs", 1);
    /*
     * sysbus-xhci's own default (64) is lost when it initializes its core
     * child, which leaves one device slot: a second USB device would get
     * "No Slots Available". Set it.
     */
    qdev_prop_set_uint32(dev, "slots", XHCI_MAXSLOTS);
    sysbus_realize_and_unref(sbd, &error_fatal);
    sysbus_mmio_map(sbd, 0, m->base);
    sysbus_connect_irq(sbd, 0, ps_spi(pms, PS_IRQ_USB0));
    pms->usb_bus = &XHCI_SYSBUS(dev)->xhci.bus;

    qemu_fdt_add_subnode(fdt, path);
    qemu_fdt_setprop_string(fdt, path, "compatible", "generic-xhci");
    qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, m->base, 2, m->size);
    ps_fdt_irq(fdt, path, PS_IRQ_USB0);
}

/*
 * The USB devices of -M presilicon: the Accutouch 2216 touchscreen and the
 * Microchip CAN BUS Analyzer, whose node is on the board's CAN bus.
 */
static void ps_create_usb_models(PresiliconMachineState *pms)
{
    USBDevice *dev = USB_DEVICE(qdev_new(TYPE_USB_ACCUTOUCH));

    object_property_add_child(OBJECT(pms), "accutouch", OBJECT(dev));
    usb_realize_and_unref(dev, pms->usb_bus, &error_fatal);

    dev = USB_DEVICE(qdev_new(TYPE_MCBA_USB));
    object_property_add_child(OBJECT(pms), TYPE_MCBA_USB, OBJECT(dev));
    usb_realize_and_unref(dev, pms->usb_bus, &error_fatal);
}

static void ps_create_virtio(PresiliconMachineState *pms)
{
    void *fdt = MACHINE(pms)->fdt;
    int i;

    /* Nodes in reverse so that Linux numbers the devices in slot order. */
    for (i = 0; i < PS_NUM_VIRTIO; i++) {
        hwaddr base = presilicon_memmap[PS_VIRTIO].base + i * PS_VIRTIO_SIZE;

        sysbus_create_simple("virtio-mmio", base,
                             ps_spi(pms, PS_IRQ_VIRTIO + i));
    }
    for (i = PS_NUM_VIRTIO - 1; i >= 0; i--) {
        hwaddr base = presilicon_memmap[PS_VIRTIO].base + i * PS_VIRTIO_SIZE;
        g_autofree char *path = g_strdup_printf("/soc/virtio_mmio@%"
                                                HWADDR_PRIx, base);

        qemu_fdt_add_subnode(fdt, path);
        qemu_fdt_setprop_string(fdt, path, "compatible", "virtio,mmio");
        qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, base,
                                     2, PS_VIRTIO_SIZE);
        qemu_fdt_setprop(fdt, path, "dma-coherent", NULL, 0);
        ps_fdt_irq(fdt, path, PS_IRQ_VIRTIO + i);
    }
}

static void ps_create_pcie(PresiliconMachineState *pms)
{
    void *fdt = MACHINE(pms)->fdt;
    const PresiliconMemMapEntry *m = presilicon_memmap;
    DeviceState *dev = qdev_new(TYPE_GPEX_HOST);
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);
    MemoryRegion *ecam = g_new0(MemoryRegion, 1);
    MemoryRegion *mmio = g_new0(MemoryRegion, 1);
    g_autofree char *path = g_strdup_printf("/pcie@%" HWADDR_PRIx,
                                            m[PS_PCIE_ECAM].base);
    uint32_t irq_map[4 * 4 * 10];
    uint32_t *p = irq_map;
    int i, slot, pin;

    sysbus_realize_and_unref(sbd, &error_fatal);
    memory_region_init_alias(ecam, OBJECT(dev), "pcie-ecam",
                             sysbus_mmio_get_region(sbd, 0), 0,
                             m[PS_PCIE_ECAM].size);
    memory_region_add_subregion(get_system_memory(), m[PS_PCIE_ECAM].base,
                                ecam);
    /* PCI memory space is mapped 1:1 through the window. */
    memory_region_init_alias(mmio, OBJECT(dev), "pcie-mmio",
                             sysbus_mmio_get_region(sbd, 1),
                             m[PS_PCIE_MMIO].base, m[PS_PCIE_MMIO].size);
    memory_region_add_subregion(get_system_memory(), m[PS_PCIE_MMIO].base,
                                mmio);
    sysbus_mmio_map(sbd, 2, m[PS_PCIE_PIO].base);
    for (i = 0; i < PCI_NUM_PINS; i++) {
        sysbus_connect_irq(sbd, i, ps_spi(pms, PS_IRQ_PCIE + i));
        gpex_set_irq_num(GPEX_HOST(dev), i, PS_IRQ_PCIE + i);
    }

    qemu_fdt_add_subnode(fdt, path);
    qemu_fdt_setprop_string(fdt, path, "compatible", "pci-host-ecam-generic");
    qemu_fdt_setprop_string(fdt, path, "device_type", "pci");
    qemu_fdt_setprop_cell(fdt, path, "#address-cells", 3);
    qemu_fdt_setprop_cell(fdt, path, "#size-cells", 2);
    qemu_fdt_setprop_cell(fdt, path, "linux,pci-domain", 0);
    qemu_fdt_setprop_cells(fdt, path, "bus-range", 0,
                           m[PS_PCIE_ECAM].size / PCIE_MMCFG_SIZE_MIN - 1);
    qemu_fdt_setprop(fdt, path, "dma-coherent", NULL, 0);
    qemu_fdt_setprop_cells(fdt, path, "msi-map", 0, pms->its_phandle,
                           0, 0x10000);
    qemu_fdt_setprop_sized_cells(fdt, path, "reg", 2, m[PS_PCIE_ECAM].base,
                                 2, m[PS_PCIE_ECAM].size);
    qemu_fdt_setprop_sized_cells(fdt, path, "ranges",
        1, FDT_PCI_RANGE_IOPORT, 2, 0,
        2, m[PS_PCIE_PIO].base, 2, m[PS_PCIE_PIO].size,
        1, FDT_PCI_RANGE_MMIO, 2, m[PS_PCIE_MMIO].base,
        2, m[PS_PCIE_MMIO].base, 2, m[PS_PCIE_MMIO].size);

    /* INTx swizzle over four slots, as the generic host expects. */
    qemu_fdt_setprop_cell(fdt, path, "#interrupt-cells", 1);
    for (slot = 0; slot < 4; slot++) {
        for (pin = 0; pin < 4; pin++) {
            uint32_t map[] = {
                slot << 11, 0, 0, pin + 1, pms->gic_phandle, 0, 0,
                GIC_FDT_IRQ_TYPE_SPI, PS_IRQ_PCIE + (pin + slot) % 4,
                GIC_FDT_IRQ_FLAGS_LEVEL_HI,
            };
            for (i = 0; i < 10; i++) {
                *p++ = cpu_to_be32(map[i]);
            }
        }
    }
    qemu_fdt_setprop(fdt, path, "interrupt-map", irq_map, sizeof(irq_map));
    qemu_fdt_setprop_cells(fdt, path, "interrupt-map-mask", 3 << 11, 0, 0, 7);
    pms->pci_bus = PCI_HOST_BRIDGE(dev)->bus;
    pms->pcie_path = g_strdup(path);
}

static void ps_create_platform_bus(PresiliconMachineState *pms)
{
    const PresiliconMemMapEntry *m = &presilicon_memmap[PS_PLATFORM_BUS];
    DeviceState *dev = qdev_new(TYPE_PLATFORM_BUS_DEVICE);
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);
    int i;

    dev->id = g_strdup(TYPE_PLATFORM_BUS_DEVICE);
    qdev_prop_set_uint32(dev, "num_irqs", PS_PLATFORM_BUS_IRQS);
    qdev_prop_set_uint32(dev, "mmio_size", m->size);
    sysbus_realize_and_unref(sbd, &error_fatal);
    for (i = 0; i < PS_PLATFORM_BUS_IRQS; i++) {
        sysbus_connect_irq(sbd, i, ps_spi(pms, PS_IRQ_PLATFORM_BUS + i));
    }
    memory_region_add_subregion(get_system_memory(), m->base,
                                sysbus_mmio_get_region(sbd, 0));
    pms->platform_bus = dev;
}

/*
 * SD slots are numbered in board order: the SD buses of the built-in
 * models, each model's in creation order, the models in table order, then
 * the built-in PCIe endpoints'. -drive if=sd,index=N puts a card (QEMU's
 * sd-card) in slot N; a drive without a medium is an empty slot whose card
 * QMP can insert later (blockdev-change-medium), and eject removes it.
 */
static int ps_attach_sd_child(Object *child, void *opaque);

static void ps_attach_sd_cards(DeviceState *dev, int *slot)
{
    BusState *bus;

    QLIST_FOREACH(bus, &dev->child_bus, sibling) {
        DriveInfo *di;
        DeviceState *card;

        if (!object_dynamic_cast(OBJECT(bus), TYPE_SD_BUS)) {
            continue;
        }
        di = drive_get(IF_SD, 0, (*slot)++);
        if (!di) {
            continue;
        }
        card = qdev_new(TYPE_SD_CARD);
        qdev_prop_set_drive_err(card, "drive", blk_by_legacy_dinfo(di),
                                &error_fatal);
        qdev_realize_and_unref(card, bus, &error_fatal);
    }
    /* A wrapper (an SDHCI core inside a vendor model) holds the bus. */
    object_child_foreach(OBJECT(dev), ps_attach_sd_child, slot);
}

static int ps_attach_sd_child(Object *child, void *opaque)
{
    if (object_dynamic_cast(child, TYPE_DEVICE)) {
        ps_attach_sd_cards(DEVICE(child), opaque);
    }
    return 0;
}

/*
 * -drive if=ide,index=N is a disk (QEMU's ide-hd) on SATA port N of the
 * DM816 AHCI; an index beyond its ports stops QEMU as an unused drive.
 */
static void ps_attach_sata_disks(DeviceState *dev)
{
    DriveInfo *hd[DM816_AHCI_NUM_PORTS];

    if (!object_dynamic_cast(OBJECT(dev), TYPE_DM816_AHCI)) {
        return;
    }
    ide_drive_get(hd, ARRAY_SIZE(hd));
    ahci_ide_create_devs(&SYSBUS_AHCI(dev)->ahci, hd);
}

/* The built-in model of type @type, or NULL. */
static DeviceState *ps_model(PresiliconMachineState *pms, const char *type,
                             int *idx)
{
    for (int i = 0; i < pms->models->len; i++) {
        DeviceState *dev = g_ptr_array_index(pms->models, i);

        if (object_dynamic_cast(OBJECT(dev), type)) {
            if (idx) {
                *idx = i;
            }
            return dev;
        }
    }
    return NULL;
}

/* The SDHOST's DREQ paces a DMA channel, as on the SoC. */
static void ps_wire_bcm2835_dma(PresiliconMachineState *pms)
{
    DeviceState *sdhost = ps_model(pms, TYPE_BCM2835_SDHOST, NULL);
    DeviceState *dma = ps_model(pms, TYPE_BCM2835_DMA, NULL);

    qdev_connect_gpio_out_named(sdhost, "dreq", 0,
                                qdev_get_gpio_in_named(dma, "dreq",
                                                       PS_BCM2835_DREQ_SDHOST));
}

static void ps_create_models(PresiliconMachineState *pms)
{
    int i, j, irq = PS_IRQ_MODELS, sd_slot = 0, slot = 0;
    PCIDevice *pdev;

    for (i = 0; i < ARRAY_SIZE(presilicon_models); i++) {
        hwaddr base = presilicon_memmap[PS_MODELS].base + slot * PS_MODEL_SLOT;
        DeviceState *dev = qdev_new(presilicon_models[i].type);
        SysBusDevice *sbd = SYS_BUS_DEVICE(dev);

        object_property_add_child(OBJECT(pms),
                                  presilicon_models[i].name ?:
                                  presilicon_models[i].type, OBJECT(dev));
        if (presilicon_models[i].prop) {
            qdev_prop_set_string(dev, presilicon_models[i].prop,
                                 presilicon_models[i].value);
        }
        if (object_dynamic_cast(OBJECT(dev), TYPE_XGENE_ENET_V2)) {
            /* Not the default NIC: that one is the XLGMAC's. */
            qemu_configure_nic_device(dev, false, NULL);
        }
        if (object_dynamic_cast(OBJECT(dev), TYPE_BCM2835_DMA)) {
            /* On the SoC the link is to the VideoCore bus: here, memory. */
            object_property_add_const_link(OBJECT(dev), "dma-mr",
                                           OBJECT(get_system_memory()));
        }
        /* The Tegra186 BPMP answers the HSP; the cluster asks the BPMP. */
        if (object_dynamic_cast(OBJECT(dev), TYPE_TEGRA186_BPMP)) {
            object_property_set_link(OBJECT(dev), "hsp",
                                     ps_model_of_type(pms, TYPE_TEGRA186_HSP),
                                     &error_fatal);
        }
        if (object_dynamic_cast(OBJECT(dev), TYPE_TEGRA186_CCPLEX)) {
            object_property_set_link(OBJECT(dev), "bpmp",
                                     ps_model_of_type(pms, TYPE_TEGRA186_BPMP),
                                     &error_fatal);
        }
        slot += MAX(presilicon_models[i].slots, 1);
        sysbus_realize_and_unref(sbd, &error_fatal);
        /* A second window (a SoC glue register) goes 4 KiB in, and so on. */
        for (j = 0; j < sbd->num_mmio; j++) {
            sysbus_mmio_map(sbd, j, base + j * PS_MODEL_SUBWINDOW);
        }
        irq = ps_model_irq_base(irq, presilicon_models[i].n_irqs);
        trace_presilicon_place(presilicon_models[i].type, base, irq,
                               presilicon_models[i].n_irqs, 0);
        for (j = 0; j < presilicon_models[i].n_irqs; j++) {
            sysbus_connect_irq(sbd, j, ps_spi(pms, irq++));
        }
        g_ptr_array_add(pms->models, dev);
        ps_attach_sd_cards(dev, &sd_slot);
        ps_attach_sata_disks(dev);
    }
    /* The built-in models' SPIs stay out of the platform bus's. */
    assert(irq <= PS_NUM_SPIS);
    ps_wire_bcm2835_dma(pms);
    /*
     * PCIe endpoints are found by enumeration; those that implement the
     * device-tree hook also get a node under the host (ps_pci_node()).
     */
    pdev = pci_create_simple(pms->pci_bus, PS_DEVFN_ZIP, TYPE_THUNDERX_ZIP);
    ps_attach_sd_cards(DEVICE(pdev), &sd_slot);
    trace_presilicon_place_pci(TYPE_THUNDERX_ZIP, PCI_SLOT(PS_DEVFN_ZIP),
                               PCI_FUNC(PS_DEVFN_ZIP));
    pdev = pci_create_simple(pms->pci_bus, PS_DEVFN_MMC, TYPE_THUNDERX_MMC);
    ps_attach_sd_cards(DEVICE(pdev), &sd_slot);
    trace_presilicon_place_pci(TYPE_THUNDERX_MMC, PCI_SLOT(PS_DEVFN_MMC),
                               PCI_FUNC(PS_DEVFN_MMC));
    /* The board's NIC: the first -nic/-net nic, user (slirp) by default. */
    pdev = pci_new(PS_DEVFN_XLGMAC, TYPE_DWC_XLGMAC);
    qemu_configure_nic_device(DEVICE(pdev), true, NULL);
    pci_realize_and_unref(pdev, pms->pci_bus, &error_fatal);
    trace_presilicon_place_pci(TYPE_DWC_XLGMAC, PCI_SLOT(PS_DEVFN_XLGMAC),
                               PCI_FUNC(PS_DEVFN_XLGMAC));
}

static I2CBus *ps_i2c_bus(PresiliconMachineState *pms)
{
    return IMX_I2C(pms->i2c)->bus;
}

/*
 * The LAN9303 switch on the I2C bus at 0x0a. Its port 0 (xMII) is cabled
 * inside QEMU to a virtio-net at 00:04.0, NIC to NIC; its ports 1 and 2
 * take netdevs from -global lan9303.port1=ID (docs/board.md).
 * The conduit is not our XLGMAC: Linux 6.12's dwc-xlgmac never enables
 * its channel interrupt (docs/devices/dwc-xlgmac.md), so frames that come
 * in while the guest sends nothing would wait for its next transmission.
 */
static void ps_create_lan9303(PresiliconMachineState *pms)
{
    PCIDevice *pdev = pci_new(PS_DEVFN_LAN9303_CONDUIT, "virtio-net-pci");
    DeviceState *sw = qdev_new(TYPE_LAN9303);
    VirtIONet *vnet;

    object_property_add_child(OBJECT(pms), "lan9303-conduit", OBJECT(pdev));
    qdev_prop_set_string(DEVICE(pdev), "romfile", "");   /* no firmware */
    /*
     * No VLAN filter: the switch's special tag is a VLAN tag whose VID
     * carries flags (static entry, STP override, IGMP), and a conduit must
     * take them all, as the MACs LAN9303 boards use do.
     */
    qdev_prop_set_bit(DEVICE(pdev), "ctrl_vlan", false);
    pci_realize_and_unref(pdev, pms->pci_bus, &error_fatal);
    pms->lan9303_conduit = DEVICE(pdev);
    trace_presilicon_place_pci("virtio-net-pci",
                               PCI_SLOT(PS_DEVFN_LAN9303_CONDUIT),
                               PCI_FUNC(PS_DEVFN_LAN9303_CONDUIT));

    object_property_add_child(OBJECT(pms), TYPE_LAN9303, OBJECT(sw));
    qdev_prop_set_uint8(sw, "address", LAN9303_DEFAULT_ADDR);
    vnet = VIRTIO_NET(object_resolve_path_component(OBJECT(pdev),
                                                    "virtio-backend"));
    lan9303_connect_port(LAN9303(sw), 0, qemu_get_queue(vnet->nic),
                         &error_fatal);
    object_property_set_link(OBJECT(sw), "conduit", OBJECT(pdev),
                             &error_abort);
    i2c_slave_realize_and_unref(I2C_SLAVE(sw), ps_i2c_bus(pms), &error_fatal);
}

/* The conduit's node, for the switch's "ethernet" to name. */
static void ps_fdt_lan9303_conduit(PresiliconMachineState *pms)
{
    static const char *const compat[] = { "pci1af4,1041" };
    PresiliconFdtContext ctx = {
        .fdt = MACHINE(pms)->fdt,
        .parent = pms->pcie_path,
        .intc_phandle = pms->gic_phandle,
        .pci_devfn = PS_DEVFN_LAN9303_CONDUIT,
    };
    g_autofree char *path = presilicon_fdt_add_pci_node(&ctx, "ethernet",
                                                        compat, 1);

    presilicon_fdt_record_node(pms->lan9303_conduit, path);
}

/* Nodes of the I2C devices, built in or -device, under the controller's. */
static void ps_i2c_nodes(PresiliconMachineState *pms)
{
    BusChild *kid;

    QTAILQ_FOREACH(kid, &BUS(ps_i2c_bus(pms))->children, sibling) {
        PresiliconFdtContext ctx = {
            .fdt = MACHINE(pms)->fdt,
            .parent = pms->i2c_path,
            .intc_phandle = pms->gic_phandle,
            .i2c_addr = I2C_SLAVE(kid->child)->address,
        };

        presilicon_fdt_add_device(kid->child, &ctx);
    }
}

/* Where the board mapped a built-in model: regions and SPIs. */
static void ps_model_ctx(PresiliconMachineState *pms, int idx,
                         PresiliconFdtContext *ctx)
{
    SysBusDevice *sbd = SYS_BUS_DEVICE(g_ptr_array_index(pms->models, idx));
    int i, irq = PS_IRQ_MODELS;

    for (i = 0; i < idx; i++) {
        irq = ps_model_irq_base(irq, presilicon_models[i].n_irqs) +
              presilicon_models[i].n_irqs;
    }
    irq = ps_model_irq_base(irq, presilicon_models[idx].n_irqs);
    ctx->n_regs = MIN(sbd->num_mmio, PRESILICON_FDT_MAX_REGS);
    for (i = 0; i < ctx->n_regs; i++) {
        ctx->reg_base[i] = sbd->mmio[i].addr;
        ctx->reg_size[i] = memory_region_size(sbd->mmio[i].memory);
    }
    ctx->n_irqs = presilicon_models[idx].n_irqs;
    for (i = 0; i < ctx->n_irqs; i++) {
        ctx->irq[i] = irq + i;
    }
}

static void ps_dynamic_node(SysBusDevice *sbd, void *opaque)
{
    PresiliconMachineState *pms = opaque;
    PlatformBusDevice *pbus = PLATFORM_BUS_DEVICE(pms->platform_bus);
    PresiliconFdtContext ctx = {
        .fdt = MACHINE(pms)->fdt,
        .parent = "/soc",
        .intc_phandle = pms->gic_phandle,
    };
    int i;

    if (g_ptr_array_find(pms->models, sbd, NULL)) {
        return;     /* built in: described by ps_machine_done() */
    }
    for (i = 0; i < sbd->num_mmio && i < PRESILICON_FDT_MAX_REGS; i++) {
        if (platform_bus_get_mmio_addr(pbus, sbd, i) == (hwaddr)-1) {
            break;
        }
        ctx.reg_base[i] = presilicon_memmap[PS_PLATFORM_BUS].base +
                          platform_bus_get_mmio_addr(pbus, sbd, i);
        ctx.reg_size[i] = memory_region_size(sbd->mmio[i].memory);
        ctx.n_regs++;
    }
    for (i = 0; i < PRESILICON_FDT_MAX_IRQS; i++) {
        int n = platform_bus_get_irqn(pbus, sbd, i);

        if (n < 0) {
            break;
        }
        ctx.irq[ctx.n_irqs++] = PS_IRQ_PLATFORM_BUS + n;
    }
    trace_presilicon_place(object_get_typename(OBJECT(sbd)),
                           ctx.n_regs ? ctx.reg_base[0] : 0,
                           ctx.n_irqs ? ctx.irq[0] : -1, ctx.n_irqs, 1);
    if (!ctx.n_regs) {
        /* Nothing to address (the battery): not a simple-bus child. */
        ctx.parent = "/";
    }
    ps_gpio_ctx(pms, DEVICE(sbd), &ctx);
    presilicon_fdt_add_device(DEVICE(sbd), &ctx);
}

/*
 * A function on the PCIe root bus, built in or added with -device, that
 * implements the device-tree hook: its node goes under the host's, with
 * reg naming its devfn, so Linux hands it to the pci_dev there.
 */
static void ps_pci_node(PCIBus *bus, PCIDevice *pdev, void *opaque)
{
    PresiliconMachineState *pms = opaque;
    PresiliconFdtContext ctx = {
        .fdt = MACHINE(pms)->fdt,
        .parent = pms->pcie_path,
        .intc_phandle = pms->gic_phandle,
        .pci_devfn = pdev->devfn,
    };

    presilicon_fdt_add_device(DEVICE(pdev), &ctx);
}

/*
 * QEMU's BCM2835 DMA controller has no node writer of its own: its node
 * (brcm,bcm2835-dma.yaml) goes on the 32-bit bus beside the SDHOST, whose
 * node then names its channel request: dmas = <&dma 13>.
 */
static void ps_fdt_bcm2835_dma(PresiliconMachineState *pms)
{
    static const char *const compat[] = { "brcm,bcm2835-dma" };
    void *fdt = MACHINE(pms)->fdt;
    PresiliconFdtContext ctx = {
        .fdt = fdt,
        .parent = "/soc",
        .intc_phandle = pms->gic_phandle,
    };
    g_autofree char *path = NULL;
    g_auto(GStrv) names = g_new0(char *, PS_BCM2835_DMA_CHANS + 1);
    uint32_t phandle = qemu_fdt_alloc_phandle(fdt);
    int idx = 0;

    ps_model(pms, TYPE_BCM2835_DMA, &idx);
    ps_model_ctx(pms, idx, &ctx);
    ctx.n_regs = 1;     /* channel 15's window is not described */
    path = presilicon_fdt_add_mmio_node32(&ctx, "dma-controller", compat, 1);
    for (int c = 0; c < PS_BCM2835_DMA_CHANS; c++) {
        names[c] = g_strdup_printf("dma%d", c);
    }
    qemu_fdt_setprop_string_array(fdt, path, "interrupt-names", names,
                                  PS_BCM2835_DMA_CHANS);
    qemu_fdt_setprop_cell(fdt, path, "#dma-cells", 1);
    qemu_fdt_setprop_cell(fdt, path, "brcm,dma-channel-mask",
                          MAKE_64BIT_MASK(0, PS_BCM2835_DMA_CHANS));
    qemu_fdt_setprop_cell(fdt, path, "phandle", phandle);

    /* The SDHOST wrote its node on the same bus (sdhost_add_fdt_node()). */
    ps_model(pms, TYPE_BCM2835_SDHOST, &idx);
    ps_model_ctx(pms, idx, &ctx);
    g_free(path);
    path = g_strdup_printf("/soc/bus@0/mmc@%" PRIx64, ctx.reg_base[0]);
    qemu_fdt_setprop_cells(fdt, path, "dmas", phandle, PS_BCM2835_DREQ_SDHOST);
    qemu_fdt_setprop_string(fdt, path, "dma-names", "rx-tx");
}

/*
 * The ARTPEC-6 is a 32-bit SoC: its pin controller's driver depends on
 * MACH_ARTPEC6, which no arm64 kernel has. On the arm64 board its node
 * and the GPIO banks mapped onto it (gpio-ranges) are disabled, so that
 * the banks do not wait for a supplier that cannot come (fw_devlink's
 * deferred probe, and its timeout's re-probing, in every boot). The
 * device itself stays, for the host and the qtests.
 */
static void ps_fdt_disable_32bit_only(void *fdt)
{
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    char path[256];
    int node, off, len;
    uint32_t ph;

    node = fdt_node_offset_by_compatible(fdt, -1, "axis,artpec6-pinctrl");
    for (; node >= 0; node = fdt_node_offset_by_compatible(fdt, node,
                                              "axis,artpec6-pinctrl")) {
        if (fdt_get_path(fdt, node, path, sizeof(path)) == 0) {
            g_ptr_array_add(paths, g_strdup(path));
        }
        ph = fdt_get_phandle(fdt, node);
        for (off = fdt_next_node(fdt, -1, NULL); ph && off >= 0;
             off = fdt_next_node(fdt, off, NULL)) {
            const fdt32_t *r = fdt_getprop(fdt, off, "gpio-ranges", &len);

            if (r && len >= 4 && fdt32_to_cpu(r[0]) == ph &&
                fdt_get_path(fdt, off, path, sizeof(path)) == 0) {
                g_ptr_array_add(paths, g_strdup(path));
            }
        }
    }
    for (guint i = 0; i < paths->len; i++) {
        qemu_fdt_setprop_string(fdt, g_ptr_array_index(paths, i), "status",
                                "disabled");
    }
}

static void ps_machine_done(Notifier *notifier, void *data)
{
    PresiliconMachineState *pms = container_of(notifier,
                                               PresiliconMachineState,
                                               machine_done);
    MachineState *ms = MACHINE(pms);
    ARMCPU *cpu = ARM_CPU(first_cpu);
    int i;

    for (i = 0; i < pms->models->len; i++) {
        PresiliconFdtContext ctx = {
            .fdt = ms->fdt,
            .parent = "/soc",
            .intc_phandle = pms->gic_phandle,
        };
        ps_model_ctx(pms, i, &ctx);
        presilicon_fdt_add_device(g_ptr_array_index(pms->models, i), &ctx);
    }
    if (pms->models->len) {
        ps_fdt_bcm2835_dma(pms);
    }
    ps_wire_spi(pms);
    ps_wire_radios(pms);
    ps_cs_pullups(pms);
    qemu_register_reset(ps_cs_pullups, pms);
    ps_wire_ev3_battery(pms);
    ps_spi_nodes(pms);
    ps_radio_nodes(pms);
    if (pms->ev3_battery) {
        PresiliconFdtContext ctx = {
            .fdt = ms->fdt,
            .parent = "/",
            .intc_phandle = pms->gic_phandle,
        };
        ps_gpio_ctx(pms, pms->ev3_battery, &ctx);
        presilicon_fdt_add_device(pms->ev3_battery, &ctx);
    }
    if (pms->usb2phy) {
        SysBusDevice *sbd = SYS_BUS_DEVICE(pms->usb2phy);
        PresiliconFdtContext ctx = {
            .fdt = ms->fdt,
            .parent = "/soc",
            .intc_phandle = pms->gic_phandle,
            .n_regs = 2,
        };

        for (i = 0; i < 2; i++) {
            ctx.reg_base[i] = sbd->mmio[i].addr;
            ctx.reg_size[i] = memory_region_size(sbd->mmio[i].memory);
        }
        presilicon_fdt_add_device(pms->usb2phy, &ctx);
    }
    /* Devices the user added with -device were linked to the platform bus. */
    foreach_dynamic_sysbus_device(ps_dynamic_node, pms);
    pci_for_each_device(pms->pci_bus, 0, ps_pci_node, pms);
    if (pms->lan9303_conduit) {
        ps_fdt_lan9303_conduit(pms);
    }
    /* After the PCI functions: a switch names its conduit MAC's node. */
    ps_i2c_nodes(pms);
    if (arm_feature(&cpu->env, ARM_FEATURE_AARCH64)) {
        ps_fdt_disable_32bit_only(ms->fdt);
    }

    /* arm_load_kernel() chose where the DTB goes (after kernel and initrd). */
    if (arm_load_dtb(pms->bootinfo.dtb_start, &pms->bootinfo,
                     pms->bootinfo.dtb_limit,
                     arm_boot_address_space(cpu, &pms->bootinfo), ms,
                     cpu) < 0) {
        exit(1);
    }
}

static void *ps_get_dtb(const struct arm_boot_info *binfo, int *fdt_size)
{
    const PresiliconMachineState *pms =
        container_of(binfo, PresiliconMachineState, bootinfo);

    *fdt_size = pms->fdt_size;
    return MACHINE(pms)->fdt;
}

/* With no kernel or firmware the CPUs idle in WFI rather than fault. */
static void ps_create_bootrom(PresiliconMachineState *pms, bool aarch64)
{
    MemoryRegion *rom = g_new(MemoryRegion, 1);
    static const uint32_t idle_a64[] = { 0xd503207f, 0x17ffffff };
    static const uint32_t idle_a32[] = { 0xe320f003, 0xeafffffd };
    const uint32_t *code = aarch64 ? idle_a64 : idle_a32;
    uint32_t le[2] = { cpu_to_le32(code[0]), cpu_to_le32(code[1]) };

    memory_region_init_rom(rom, NULL, "presilicon.bootrom",
                           presilicon_memmap[PS_BOOTROM].size, &error_fatal);
    memory_region_add_subregion(get_system_memory(),
                                presilicon_memmap[PS_BOOTROM].base, rom);
    rom_add_blob_fixed("presilicon.idle", le, sizeof(le),
                       presilicon_memmap[PS_BOOTROM].base);
}

/*
 * A Linux kernel for the other instruction set would start in the wrong
 * state and die without a word (hw/arm/boot.c starts an AArch64-capable
 * CPU in AArch64, and TCG has no aarch64=off): say which -cpu it needs.
 * An arm64 Image has "ARM\x64" at 0x38, a 32-bit zImage 0x016f2818 at
 * 0x24 (little endian); anything else is left to arm_load_kernel().
 */
static void ps_check_kernel_arch(MachineState *ms, bool aarch64)
{
    g_autofree char *cpu = cpu_model_from_type(ms->cpu_type);
    uint8_t head[64];
    ssize_t n;
    int fd;

    if (!ms->kernel_filename) {
        return;
    }
    fd = qemu_open(ms->kernel_filename, O_RDONLY, NULL);
    if (fd < 0) {
        return;
    }
    n = read(fd, head, sizeof(head));
    qemu_close(fd);
    if (n != sizeof(head)) {
        return;
    }
    if (aarch64 && ldl_le_p(head + 0x24) == 0x016f2818) {
        error_report("presilicon: -kernel %s is a 32-bit Arm zImage, but "
                     "-cpu %s starts in AArch64: use -cpu cortex-a15 "
                     "(docs/board.md)", ms->kernel_filename, cpu);
        exit(1);
    }
    if (!aarch64 && ldl_le_p(head + 0x38) == 0x644d5241) {
        error_report("presilicon: -kernel %s is an arm64 Image, but "
                     "-cpu %s has no AArch64: leave -cpu out (cortex-a53)",
                     ms->kernel_filename, cpu);
        exit(1);
    }
}

static void presilicon_init(MachineState *ms)
{
    PresiliconMachineState *pms = PRESILICON_MACHINE(ms);
    const PresiliconMemMapEntry *ram = &presilicon_memmap[PS_RAM];
    uint32_t pclk, sspclk;
    PresiliconFdtContext clk_ctx;
    bool aarch64;

    if (ms->ram_size > ram->size) {
        error_report("presilicon: -m %" PRIu64 " MiB is more than the "
                     "board's %" PRIu64 " MiB of RAM space",
                     ms->ram_size / MiB, ram->size / MiB);
        exit(1);
    }
    pms->models = g_ptr_array_new();

    ps_create_fdt(pms);
    ps_create_cpus(pms);
    aarch64 = ARM_CPU(first_cpu)->env.aarch64 ||
              arm_feature(&ARM_CPU(first_cpu)->env, ARM_FEATURE_AARCH64);
    ps_check_kernel_arch(ms, aarch64);
    memory_region_add_subregion(get_system_memory(), ram->base, ms->ram);
    ps_create_bootrom(pms, aarch64);

    clk_ctx = (PresiliconFdtContext){ .fdt = ms->fdt };
    pclk = presilicon_fdt_fixed_clock(&clk_ctx, "apb_pclk", PS_PCLK_HZ);
    sspclk = presilicon_fdt_fixed_clock(&clk_ctx, "sspclk", PS_SSPCLK_HZ);

    /*
     * One memory transaction for the whole board: otherwise each region
     * added rebuilds every address space's flat view (a third of the
     * board's start-up, paid by each qtest case).
     */
    memory_region_transaction_begin();
    ps_create_gic(pms);
    ps_create_uart(pms, pclk);
    ps_create_gpio(pms, pclk);
    ps_create_spi(pms, pclk, sspclk);
    ps_create_i2c(pms, pclk);
    ps_create_usb(pms);
    ps_create_virtio(pms);
    ps_create_pcie(pms);
    ps_create_platform_bus(pms);
    ps_create_wpan(pms);
    if (!pms->bare) {
        ps_create_models(pms);
        ps_create_spi_models(pms);
        ps_create_radio_models(pms);
        ps_create_usb_models(pms);
        ps_create_lan9303(pms);
    }
    memory_region_transaction_commit();

    pms->bootinfo.ram_size = ms->ram_size;
    pms->bootinfo.board_id = -1;
    pms->bootinfo.loader_start = ram->base;
    pms->bootinfo.get_dtb = ps_get_dtb;
    pms->bootinfo.skip_dtb_autoload = true;
    pms->bootinfo.psci_conduit = QEMU_PSCI_CONDUIT_HVC;
    arm_load_kernel(ARM_CPU(first_cpu), ms, &pms->bootinfo);

    pms->machine_done.notify = ps_machine_done;
    qemu_add_machine_init_done_notifier(&pms->machine_done);
}

/* Refuse -m beyond the RAM window before QEMU allocates it. */
static ram_addr_t ps_fixup_ram_size(ram_addr_t size)
{
    const PresiliconMemMapEntry *ram = &presilicon_memmap[PS_RAM];

    if (size > ram->size) {
        error_report("presilicon: -m %" PRIu64 " MiB is more than the "
                     "board's %" PRIu64 " MiB of RAM space",
                     (uint64_t)size / MiB, ram->size / MiB);
        exit(1);
    }
    return size;
}

/*
 * The board's CAN bus, /machine/canbus0, exists before any -object or
 * -device: can-host-socketcan,canbus=canbus0 links to it, and the CAN
 * models' "canbus" properties default to it (presilicon_can.h).
 */
static void presilicon_instance_init(Object *obj)
{
    Object *bus = object_new(TYPE_CAN_BUS);

    object_property_add_child(obj, PS_CAN_BOARD_BUS, bus);
    object_unref(bus);
}

static bool ps_get_bare(Object *obj, Error **errp)
{
    return PRESILICON_MACHINE(obj)->bare;
}

static void ps_set_bare(Object *obj, bool value, Error **errp)
{
    PRESILICON_MACHINE(obj)->bare = value;
}

/* The board medium's pcap file and chardev (docs/devices/ca8210.md). */
static char *ps_get_wpan_pcap(Object *obj, Error **errp)
{
    return g_strdup(PRESILICON_MACHINE(obj)->wpan_pcap);
}

static void ps_set_wpan_pcap(Object *obj, const char *value, Error **errp)
{
    PresiliconMachineState *pms = PRESILICON_MACHINE(obj);

    g_free(pms->wpan_pcap);
    pms->wpan_pcap = g_strdup(value);
}

static char *ps_get_wpan_chardev(Object *obj, Error **errp)
{
    return g_strdup(PRESILICON_MACHINE(obj)->wpan_chardev);
}

static void ps_set_wpan_chardev(Object *obj, const char *value, Error **errp)
{
    PresiliconMachineState *pms = PRESILICON_MACHINE(obj);

    g_free(pms->wpan_chardev);
    pms->wpan_chardev = g_strdup(value);
}

static HotplugHandler *ps_get_hotplug_handler(MachineState *ms,
                                              DeviceState *dev)
{
    /* Only -device models go on the platform bus: the board maps its own. */
    if (phase_check(PHASE_MACHINE_INITIALIZED) &&
        device_is_dynamic_sysbus(MACHINE_GET_CLASS(ms), dev)) {
        return HOTPLUG_HANDLER(ms);
    }
    return NULL;
}

static void ps_device_plug_cb(HotplugHandler *hotplug_dev, DeviceState *dev,
                              Error **errp)
{
    PresiliconMachineState *pms = PRESILICON_MACHINE(hotplug_dev);

    if (pms->platform_bus &&
        device_is_dynamic_sysbus(MACHINE_GET_CLASS(pms), dev)) {
        platform_bus_link_device(PLATFORM_BUS_DEVICE(pms->platform_bus),
                                 SYS_BUS_DEVICE(dev));
    }
}

/*
 * CPUs with the generic timer and a GICv3 CPU interface, which the board
 * gives every CPU: the Armv8 ones, and the Armv7 cortex-a15 and cortex-a7
 * for 32-bit guests (docs/board.md). Not the cortex-a9: it has neither
 * (its timers and GIC are the A9 MPCore's private peripherals).
 */
static const char *const ps_valid_cpu_types[] = {
    ARM_CPU_TYPE_NAME("cortex-a7"),
    ARM_CPU_TYPE_NAME("cortex-a15"),
    ARM_CPU_TYPE_NAME("cortex-a35"),
    ARM_CPU_TYPE_NAME("cortex-a53"),
    ARM_CPU_TYPE_NAME("cortex-a55"),
    ARM_CPU_TYPE_NAME("cortex-a57"),
    ARM_CPU_TYPE_NAME("cortex-a72"),
    ARM_CPU_TYPE_NAME("cortex-a76"),
    ARM_CPU_TYPE_NAME("cortex-a710"),
    ARM_CPU_TYPE_NAME("a64fx"),
    ARM_CPU_TYPE_NAME("neoverse-n1"),
    ARM_CPU_TYPE_NAME("neoverse-n2"),
    ARM_CPU_TYPE_NAME("neoverse-v1"),
    ARM_CPU_TYPE_NAME("max"),
    NULL
};

static void presilicon_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);
    HotplugHandlerClass *hc = HOTPLUG_HANDLER_CLASS(oc);

    mc->desc = "presilicon: arm64 board with the presilicon device models "
               "(32-bit with -cpu cortex-a15)";
    mc->init = presilicon_init;
    mc->max_cpus = 8;
    mc->min_cpus = 1;
    mc->default_cpus = 2;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("cortex-a53");
    mc->valid_cpu_types = ps_valid_cpu_types;
    mc->default_ram_size = 1 * GiB;
    mc->default_ram_id = "presilicon.ram";
    mc->fixup_ram_size = ps_fixup_ram_size;
    mc->block_default_type = IF_VIRTIO;
    mc->no_cdrom = 1;
    mc->get_hotplug_handler = ps_get_hotplug_handler;
    hc->plug = ps_device_plug_cb;
    /* Any model of the suite can be added with -device on the platform bus. */
    machine_class_allow_dynamic_sysbus_dev(mc, TYPE_PRESILICON_FDT_NODE);

    object_class_property_add_bool(oc, "bare", ps_get_bare, ps_set_bare);
    object_class_property_set_description(oc, "bare",
        "Create none of the presilicon models (add them with -device)");
    object_class_property_add_str(oc, "wpan-pcap", ps_get_wpan_pcap,
                                  ps_set_wpan_pcap);
    object_class_property_set_description(oc, "wpan-pcap",
        "Write every frame of the board's 802.15.4 medium to this pcap file");
    object_class_property_add_str(oc, "wpan-chardev", ps_get_wpan_chardev,
                                  ps_set_wpan_chardev);
    object_class_property_set_description(oc, "wpan-chardev",
        "Join the board's 802.15.4 medium to other QEMUs' over this chardev");
}

static const TypeInfo presilicon_machine_types[] = {
    {
        .name = TYPE_PRESILICON_MACHINE,
        .parent = TYPE_MACHINE,
        .instance_size = sizeof(PresiliconMachineState),
        .instance_init = presilicon_instance_init,
        .class_init = presilicon_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_HOTPLUG_HANDLER },
            { }
        },
    },
};

DEFINE_TYPES(presilicon_machine_types)
