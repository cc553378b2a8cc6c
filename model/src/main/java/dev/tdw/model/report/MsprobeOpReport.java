package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.msprobe.MsprobeOp;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.text.SafeText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words of an msprobe op on both sides ({@link MsprobeOpPair}): the window's detail, {@code tdw diff}'s text, JSON
 * ({@code first_divergent_op}) and report page say it alike.
 */
public final class MsprobeOpReport {
    /** Where a module tree would be: level L1 dumps write an empty construct.json. */
    public static final String NO_MODULES = "No module tree (construct.json is empty at level L1, or missing).";
    /** Where a call stack would be. */
    public static final String NO_STACK = "stack.json records no call stack for this op.";
    /** Between a module and the module it encloses. */
    public static final String NESTING = " › ";

    private MsprobeOpReport() {}

    /** The op's name and direction: {@code Tensor.__add__.17.forward (forward)}. */
    public static String title(MsprobeOpPair p) {
        return p.shown().op() + " (" + direction(p.shown()) + ")";
    }

    public static String direction(MsprobeOp op) { return op.direction().name().toLowerCase(Locale.ROOT); }

    /** A side's value: as written ({@code int 0}), "not captured" where the side lacks the op, "–" where it lacks the value. */
    public static String side(MsprobeOpPair p, boolean left, String value) {
        if ((left ? p.left() : p.right()) == null) return "not captured";
        return value == null ? "–" : value;
    }

    /** A side's group ranks ({@code [0, 1]}), worded as {@link #side}. */
    public static String ranks(MsprobeOpPair p, boolean left) {
        List<Integer> r = left ? p.groupRanks().left() : p.groupRanks().right();
        return side(p, left, r == null ? null : r.toString());
    }

    /** What the shown stack is, or "" when both sides' stacks agree (or only one side has the op). */
    public static String stackNote(MsprobeOpPair p) {
        if (p.stackDiffers()) return "The left side's call stack; the right side's differs.";
        return p.stackFromRight() ? "The right side's call stack (the left did not capture the op)." : "";
    }

    /**
     * One line: the op, its innermost module and what differs among its arguments
     * ({@code Tensor.__add__.17.forward (forward) in Module.model.layers.2.self_attn.Attention.forward.0; argument input.1
     * differs: int 0 vs int 1}).
     */
    public static String summary(MsprobeOpPair p) {
        StringBuilder b = new StringBuilder(title(p));
        List<String> modules = p.shown().modules();
        if (!modules.isEmpty()) b.append(" in ").append(modules.get(modules.size() - 1));
        List<String> differing = new ArrayList<>();
        for (MsprobeOpPair.Value v : p.arguments()) {
            if (v.differs()) differing.add("argument " + v.name() + " differs: " + side(p, true, v.left()) + " vs " + side(p, false, v.right()));
        }
        if (p.groupRanks() != null && p.groupRanks().differs()) {
            differing.add("group ranks differ: " + ranks(p, true) + " vs " + ranks(p, false));
        }
        if (!differing.isEmpty()) b.append("; ").append(String.join("; ", differing));
        else if (!p.arguments().isEmpty()) b.append("; its plain arguments agree");
        return SafeText.of(b.toString());
    }

    /**
     * The text output's lines under {@code heading} ("first divergent op"): the op, its modules, its arguments and group
     * ranks side by side, and its call stack, each line ending in a newline.
     */
    public static String text(String heading, MsprobeOpPair p) {
        StringBuilder b = new StringBuilder(heading).append(": ").append(SafeText.of(title(p))).append('\n');
        List<String> modules = p.shown().modules();
        b.append("  in: ").append(modules.isEmpty() ? NO_MODULES : SafeText.of(String.join(NESTING, modules))).append('\n');
        for (MsprobeOpPair.Value v : p.arguments()) {
            b.append("  argument ").append(SafeText.of(v.name())).append(": left ").append(SafeText.of(side(p, true, v.left())))
                    .append(", right ").append(SafeText.of(side(p, false, v.right()))).append(v.differs() ? "  DIFFERS" : "").append('\n');
        }
        if (p.groupRanks() != null) {
            b.append("  group ranks: left ").append(ranks(p, true)).append(", right ").append(ranks(p, false))
                    .append(p.groupRanks().differs() ? "  DIFFER" : "").append('\n');
        }
        List<String> stack = p.stackLines();
        if (stack.isEmpty()) {
            b.append("  call stack: ").append(NO_STACK).append('\n');
        } else {
            b.append("  call stack (stack.json):\n");
            for (String line : stack) b.append("    ").append(SafeText.of(line)).append('\n');
            String note = stackNote(p);
            if (!note.isEmpty()) b.append("  ").append(note).append('\n');
        }
        return b.toString();
    }

    /**
     * {@code {op, direction, modules, arguments: [{name, left, right, differs}], group_ranks: {left, right, differs} | null,
     * sides, stack, stack_side, stack_differs, text}}: {@code stack} holds the frames as msprobe wrote them, of
     * {@code stack_side}.
     */
    public static ObjectNode json(MsprobeOpPair p) {
        ObjectNode o = Json.object();
        o.put("op", p.shown().op());
        o.put("direction", direction(p.shown()));
        o.set("modules", Json.strings(p.shown().modules()));
        ArrayNode args = o.putArray("arguments");
        for (MsprobeOpPair.Value v : p.arguments()) {
            args.addObject().put("name", v.name()).put("left", v.left()).put("right", v.right()).put("differs", v.differs());
        }
        if (p.groupRanks() == null) {
            o.putNull("group_ranks");
        } else {
            ObjectNode g = o.putObject("group_ranks");
            ranks(g, "left", p.groupRanks().left());
            ranks(g, "right", p.groupRanks().right());
            g.put("differs", p.groupRanks().differs());
        }
        ArrayNode sides = o.putArray("sides");
        if (p.left() != null) sides.add("left");
        if (p.right() != null) sides.add("right");
        o.set("stack", Json.strings(p.shown().stack()));
        o.put("stack_side", p.stackFromRight() ? "right" : "left");
        o.put("stack_differs", p.stackDiffers());
        o.put("text", summary(p));
        return o;
    }

    private static void ranks(ObjectNode o, String field, List<Integer> ranks) {
        if (ranks == null) {
            o.putNull(field);
            return;
        }
        ArrayNode a = o.putArray(field);
        for (Integer r : ranks) a.add(r);
    }
}
