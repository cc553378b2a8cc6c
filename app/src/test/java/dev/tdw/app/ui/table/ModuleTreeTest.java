package dev.tdw.app.ui.table;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a module group of an msprobe dump is labelled under its parent. */
class ModuleTreeTest {
    @Test
    void aModuleLeavesOutThePathItsParentShows() {
        assertEquals("model.TinyModel.forward.0", ModuleTree.label("Module.model.TinyModel.forward.0", null));
        assertEquals("self_attn.Attention.forward.0",
                ModuleTree.label("Module.model.layers.2.self_attn.Attention.forward.0", "Module.model.layers.2.DecoderLayer.forward.0"));
        assertEquals("layers.2.DecoderLayer.forward.0",
                ModuleTree.label("Module.model.layers.2.DecoderLayer.forward.0", "Module.model.TinyModel.forward.0"));
        // A parent at the top (no path of its own) or a child outside its path: the full name.
        assertEquals("lm_head.Linear.forward.0", ModuleTree.label("Module.lm_head.Linear.forward.0", "Module.TinyLM.forward.0"));
        assertEquals("other.X.forward.0", ModuleTree.label("Module.other.X.forward.0", "Module.model.layers.2.DecoderLayer.forward.0"));
        assertEquals("odd", ModuleTree.label("odd", "Module.model.layers.2.DecoderLayer.forward.0"));
    }
}
