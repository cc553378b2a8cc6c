package dev.tdw.model.sets;

import dev.tdw.model.capture.Manifest;

import java.nio.file.Path;

/** One run of a configuration: the manifest it wrote and where the user pointed (the manifest or its folder). */
public record Run(Path source, Manifest manifest) {}
