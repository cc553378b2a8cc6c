package dev.tdw.scale;

import dev.tdw.app.cli.TdwCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tdw-scale.jar as spark-submit runs it: in a JVM of its own, on Spark's classpath with the Jackson a Spark 3.5.3
 * cluster carries (2.15, older than the model's; Spark refuses to start beside a newer one), the job's own Jackson
 * relocated inside the jar. Run after the jar is packaged (integration-test phase).
 */
class JobJarIT {
    private static final Path CAPTURES = Path.of(System.getProperty("tdw.testdata", "../testdata")).resolve("captures");

    @TempDir
    Path tmp;

    @Test
    void theJobJarRunsBesideTheClustersJackson() throws Exception {
        Path left = CAPTURES.resolve("msprobe/s5_tp2_stat_mix/baseline").toRealPath();
        Path right = CAPTURES.resolve("msprobe/s5_tp2_stat_mix/candidate_gate_rank1").toRealPath();
        Path out = tmp.resolve("all.json");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(System.getProperty("tdw.spark.jvm.flags").trim().split("\\s+")));
        command.addAll(List.of("-Dspark.master=local[2]", "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1",
                "-cp", clusterClasspath(), "dev.tdw.scale.CompareJob",
                "--left", left.toString(), "--right", right.toString(), "--all", "--out", out.toString()));
        Path log = tmp.resolve("job.log");
        Process job = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertEquals(0, job.waitFor(), () -> readLog(log));
        ByteArrayOutputStream cli = new ByteArrayOutputStream();
        assertEquals(0, TdwCommand.run(new String[] {"diff", "--left", left.toString(), "--right", right.toString(), "--all"},
                new PrintStream(cli, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertArrayEquals(cli.toByteArray(), Files.readAllBytes(out));
    }

    /** The job jar, the cluster's Jackson, and Spark with its other libraries (target/spark-classpath.txt). */
    private static String clusterClasspath() throws IOException {
        List<String> cp = new ArrayList<>();
        cp.add(System.getProperty("tdw.scale.jar"));
        try (Stream<Path> jars = Files.list(Path.of(System.getProperty("tdw.cluster.jackson")))) {
            List<String> jackson = jars.map(Path::toString).sorted().toList();
            assertEquals(4, jackson.size(), "the cluster's Jackson: " + jackson);
            cp.addAll(jackson);
        }
        String spark = Files.readString(Path.of(System.getProperty("tdw.spark.classpath"))).trim();
        assertTrue(spark.contains("spark-core_2.13") && !spark.contains("jackson-databind"), spark);
        cp.add(spark);
        return String.join(File.pathSeparator, cp);
    }

    private static String readLog(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
