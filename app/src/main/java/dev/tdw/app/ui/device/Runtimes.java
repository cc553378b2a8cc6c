package dev.tdw.app.ui.device;

import java.util.List;

/**
 * What {@link RuntimeInventory} found: every entry, and why Ascend is or is not there.
 *
 * @param ascendStatus where CANN was found and how many devices it reports, or where it was looked for
 */
public record Runtimes(List<RuntimeEntry> entries, String ascendStatus) {
    /** Host emulations a candidate can be, most useful first. */
    public static final List<String> HOST_CANDIDATES = List.of("host-fp32:bf16", "host-fp32:fp16", "host-fp32", "host-fp64");
    /** References are computed on the host, in the highest precision first. */
    public static final List<String> REFERENCES = List.of("host-fp64", "host-fp32");

    public Runtimes {
        entries = List.copyOf(entries);
    }

    /** Before anything was looked up: the host only. */
    public static Runtimes hostOnly(String why) {
        return new Runtimes(List.of(), why);
    }

    /** Each Ascend device that opened, then the host emulations. */
    public List<String> candidateSpecs() {
        var out = new java.util.ArrayList<String>();
        for (RuntimeEntry e : entries) if (e.spec() != null && e.spec().startsWith("ascend:")) out.add(e.spec());
        out.addAll(HOST_CANDIDATES);
        return out;
    }

    public List<String> referenceSpecs() { return REFERENCES; }
}
