package dev.tdw.bridge.capture;

import dev.tdw.model.key.Layers;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.ProbeSelection;
import dev.tdw.model.output.OutputFolderException;
import dev.tdw.model.output.OutputFolderPolicy;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * One side's next capture: the remembered run that produced the side (command, working directory, environment),
 * again with the narrower selection of a {@link NextCapture}, into a new folder next to the old one.
 *
 * @param runName readable part of the new folder's name: the old run's name and what is captured ({@code eager-layers.3})
 */
public record NarrowedRun(RememberedRun basis, ProbeSelection selection, CaptureSpec spec, Path captureRoot, String runName) {
    /**
     * @param now    names the folder; {@link #created} makes it, unique, when the run starts
     * @param parent the folder the user chose for new captures, or null for {@link #site}'s
     */
    public static NarrowedRun of(RememberedRun basis, ProbeSelection selection, NextCapture next, LocalDateTime now, Path parent) {
        OutputFolderPolicy.NewCaptureSite site = site(basis);
        Path root = parent != null ? parent.toAbsolutePath().normalize() : site.parent();
        String name = (basis.runName().isBlank() ? site.readableName() : basis.runName()) + "-" + focus(next);
        Path dir = OutputFolderPolicy.proposed(root, name, now);
        CaptureSpec old = basis.spec();
        CaptureSpec spec = new CaptureSpec(old.workingDirectory(), old.command(), old.extraEnvironment(), old.probe().narrowed(dir, selection));
        return new NarrowedRun(basis, selection, spec, root, name);
    }

    /**
     * Where the new capture of {@code basis} goes unless the user chose: beside the old run's folder, beside its folder
     * of runs, or in {@link OutputFolderPolicy#defaultCapturesFolder} (on the run's host when it ran on one) when that place
     * cannot be written.
     */
    public static OutputFolderPolicy.NewCaptureSite site(RememberedRun basis) {
        return OutputFolderPolicy.besideCapture(basis.outputDirectory(),
                OutputFolderPolicy.defaultCapturesFolder(basis.outputDirectory().getFileSystem()), OutputFolderPolicy::writable);
    }

    /**
     * The same run into a new folder made for it now by {@link OutputFolderPolicy#createNew}: next to the old run's
     * folder, outside it, never an existing one.
     */
    public NarrowedRun created(LocalDateTime now) throws OutputFolderException {
        return in(OutputFolderPolicy.createNew(captureRoot, runName, now, List.of(basis.outputDirectory())));
    }

    /** The same run into {@code createdDirectory}. */
    public NarrowedRun in(Path createdDirectory) {
        CaptureSpec s = new CaptureSpec(spec.workingDirectory(), spec.command(), spec.extraEnvironment(),
                spec.probe().narrowed(createdDirectory, selection));
        return new NarrowedRun(basis, selection, s, captureRoot, runName);
    }

    public Path outputDirectory() { return spec.probe().directory(); }

    /** {@code layers.3} for a layer capture, the stage for a stage capture. */
    static String focus(NextCapture next) {
        String layer = Layers.prefix(next.suspect().stage());
        return next.scope() == dev.tdw.model.next.TensorScope.LAYER && layer != null
                ? layer.substring(0, layer.length() - 1) : next.suspect().stage();
    }

    /** The remembered run whose output holds {@code captureDirectory} (the directory itself or a folder inside it). */
    public static Optional<RememberedRun> producerOf(Path captureDirectory, List<RememberedRun> runs) {
        Path dir = captureDirectory.toAbsolutePath().normalize();
        return runs.stream().filter(r -> dir.startsWith(r.outputDirectory().toAbsolutePath().normalize())).findFirst();
    }
}
