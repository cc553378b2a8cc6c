package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.work.TaskRunner;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.replay.CapturedReplay;
import dev.tdw.bridge.replay.OperatorRegistry;
import dev.tdw.bridge.replay.ReplayEngine;
import dev.tdw.bridge.replay.ReplayOutputs;
import dev.tdw.bridge.replay.ReplayRequest;
import dev.tdw.bridge.replay.ReplayResult;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.capture.LoadProgress;

import java.util.function.Supplier;

/**
 * Runs a {@link ReplayPlan} off the FX thread the way {@code tdw replay} does, through the same classes: the captured
 * input set becomes a request ({@link CapturedReplay}), both runtimes are opened from their specs, the engine runs
 * each side on its own copy of the inputs, {@link ReplayOutputs} writes the three files, and the two payloads are
 * read back and compared with the plan's tolerances.
 */
public final class ReplayTask implements TaskRunner.Work<ReplayOutcome> {
    private final ReplayPlan plan;
    private final Supplier<RuntimeDiscovery> discovery;
    private final OperatorRegistry registry;

    public ReplayTask(ReplayPlan plan, Supplier<RuntimeDiscovery> discovery, OperatorRegistry registry) {
        this.plan = plan;
        this.discovery = discovery;
        this.registry = registry;
    }

    @Override
    public ReplayOutcome run(LoadProgress progress) throws Exception {
        PayloadReader reader = new PayloadReader();
        ReplayResult result;
        ReplayOutputs.Files3 files;
        progress.progress(0, 4, "reading " + plan.payload().getFileName());
        try (Payload dump = reader.read(plan.payload())) {
            ReplayRequest request = CapturedReplay.request(dump, plan.stageKey(), plan.operator(), plan.argumentOrder(), registry);
            RuntimeDiscovery found = discovery.get();
            progress.progress(1, 4, "running " + plan.operator() + " on " + plan.candidate() + " and " + plan.reference());
            try (DeviceRuntime candidate = plan.candidate().open(found); DeviceRuntime reference = plan.reference().open(found)) {
                result = new ReplayEngine(registry).replay(request, candidate, reference);
            }
            progress.progress(2, 4, "writing " + plan.outDir());
            files = ReplayOutputs.write(result, request, plan.payload(), plan.outDir());
        }
        progress.progress(3, 4, "comparing reference and candidate");
        try (Payload reference = reader.read(files.reference()); Payload candidate = reader.read(files.candidate())) {
            TensorsResult t = new TensorComparison(plan.atol(), plan.rtol(), TensorComparison.DEFAULT_MAX_ELEMENTS).compare(reference, candidate);
            return new ReplayOutcome(plan, result.operator(), result.bindings(), result.candidateRuntime(), result.referenceRuntime(), files, t);
        }
    }
}
