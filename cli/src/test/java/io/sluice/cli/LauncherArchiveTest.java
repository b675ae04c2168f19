package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testkit.Requires;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data-sharing archive of a short command (bench/README.md, "CLI start"): written by the command's
 * first run, used by the next, and written again after the CLI's jar changed. The JDK itself stops using an archive whose
 * jar changed but does not write it again, so without the launcher's check every command ran without one after a
 * rebuild. The launcher runs here in a folder of its own: the real {@code sluice} and {@code scripts/jdk.sh}, and a
 * built CLI that is one class printing a line.
 */
class LauncherArchiveTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path checkout;
    @TempDir
    Path sources;

    @Test
    void anArchiveOlderThanTheClassPathIsWrittenAgain() throws Exception {
        for (String tool : List.of("bash", "mvn")) {
            Requires.tool(onPath(tool), () -> "no " + tool + " on the PATH (the launcher needs it)");
        }
        Path jar = builtCli();
        Path archive = checkout.resolve("cli/target/cds/validate.jsa");

        assertThat(launch()).isEqualTo("ran\n");
        assertThat(archive).as("the first run writes the command's archive").isRegularFile();

        // A rebuild: the jar is newer than the archive (and no longer the one the archive was made from).
        FileTime made = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        Files.setLastModifiedTime(archive, made);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() + 30_000));
        assertThat(launch()).isEqualTo("ran\n");
        assertThat(Files.getLastModifiedTime(archive)).as("written again").isGreaterThan(Files.getLastModifiedTime(jar));

        FileTime current = Files.getLastModifiedTime(archive);
        String loaded = launch("SLUICE_JAVA_OPTS", "-Xlog:class+load=info:stdout");
        assertThat(loaded).as("the next run takes the CLI's class from the archive")
                .containsPattern("io\\.sluice\\.cli\\.SluiceCli source: shared objects file \\(top\\)");
        assertThat(Files.getLastModifiedTime(archive)).as("and keeps it").isEqualTo(current);
    }

    /** The launcher's files, and a CLI "built" as the launcher expects it: the jar, its class path file, the build stamp. */
    private Path builtCli() throws IOException {
        Files.createDirectories(checkout.resolve("scripts"));
        Files.copy(ROOT.resolve("sluice"), checkout.resolve("sluice"));
        Files.copy(ROOT.resolve("scripts/jdk.sh"), checkout.resolve("scripts/jdk.sh"));
        Path target = Files.createDirectories(checkout.resolve("cli/target"));
        Path source = Files.writeString(sources.resolve("SluiceCli.java"),
                "package io.sluice.cli; public class SluiceCli { public static void main(String[] a) { System.out.println(\"ran\"); } }");
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", sources.toString(), source.toString())).isZero();
        Path jar = target.resolve("sluice-cli-0.1.0-SNAPSHOT.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("io/sluice/cli/SluiceCli.class"));
            out.write(Files.readAllBytes(sources.resolve("io/sluice/cli/SluiceCli.class")));
            out.closeEntry();
        }
        Path dependency = target.resolve("dependency.jar");
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(dependency))) {
            out.flush();
        }
        Files.writeString(target.resolve("runtime-classpath.txt"), dependency.toString());
        Files.writeString(target.resolve(".sluice-built"), "");
        return jar;
    }

    private String launch(String... env) throws Exception {
        ProcessBuilder launcher = new ProcessBuilder("bash", checkout.resolve("sluice").toString(), "validate", "x.asl.json")
                .directory(checkout.toFile()).redirectErrorStream(true);
        Map<String, String> environment = launcher.environment();
        environment.remove("SLUICE_CDS");
        environment.remove("SLUICE_JAVA_OPTS");
        for (int i = 0; i < env.length; i += 2) {
            environment.put(env[i], env[i + 1]);
        }
        Process p = launcher.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        return printed;
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
