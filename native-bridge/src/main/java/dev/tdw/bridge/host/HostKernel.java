package dev.tdw.bridge.host;

import java.util.List;

/** The Java implementation of one operator; results come in the order of the signature's outputs. */
@FunctionalInterface
public interface HostKernel {
    List<DenseArray> compute(HostCall call);
}
