/**
 * Capture sets (contract section 7): every pair of two capture roots with the origin rank of each forward, and
 * repeated runs of one configuration judged against the variability the runs themselves show.
 */
package dev.tdw.model.sets;
