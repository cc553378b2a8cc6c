package dev.tdw.model.compare;

/** What most likely makes two views of one storage with different layouts touch the same bytes. */
public enum OverlapCause {
    /** Nothing explains it: between layers, or involving a cache. The lead worth following. */
    LEAD,
    /** One view lies inside another captured stage of the same layer (q, k or v sliced from the fused qkv): expected. */
    VIEW_IN_SAME_LAYER,
    /**
     * Different shapes or dtypes, neither a cache, and never both alive in capture order: the allocator most likely
     * handed a freed tensor's address to a later one.
     */
    ADDRESS_REUSE
}
