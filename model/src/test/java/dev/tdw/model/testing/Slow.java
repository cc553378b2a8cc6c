package dev.tdw.model.testing;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test left out of the README's fast test command ({@code mvn -B verify}) and run by {@code mvn -B verify -Pfull},
 * which {@code .ci/run} runs: a whole-process or racy test, or a sweep of large data, each taking seconds where the
 * rest take milliseconds. Selecting a test by name ({@code -Dtest=...}) runs it whatever its tag.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(Slow.TAG)
public @interface Slow {
    /** The JUnit tag the root pom's Surefire configuration leaves out unless -Pfull. */
    String TAG = "slow";
}
