package io.sluice.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Each module's README names every package of its main code ({@link PackageNames}), for every module the root pom lists,
 * so a reader finds a package from the README and a new package or module cannot arrive unexplained.
 */
class ModuleReadmesTest {

    @Test
    void everyModulesReadmeNamesEachOfItsPackages() throws IOException {
        Path root = Reactor.repositoryRoot();
        Map<String, List<String>> unnamed = new TreeMap<>();
        for (SluiceModule module : Reactor.read(root).modules()) {
            if (module.packages().isEmpty()) continue;
            Path readme = root.resolve(module.path()).resolve("README.md");
            List<String> missing = Files.isRegularFile(readme)
                    ? PackageNames.unnamed(module.packages(), Files.readString(readme))
                    : List.of("(no README.md)");
            if (!missing.isEmpty()) unnamed.put(module.path(), missing);
        }
        assertThat(unnamed).as("packages a module's README.md does not name").isEmpty();
    }

    @Test
    void aPackageIsNamedByItsFullNameOrByItsNameBelowTheModuleRootInCode() {
        List<String> packages = List.of("io.sluice.functions", "io.sluice.functions.task.jobs", "io.sluice.functions.task.export",
                "io.sluice.functions.channel", "io.sluice.functions.alert", "io.sluice.functions.control");
        String readme = """
                # x
                The package `io.sluice.functions` itself; `task/jobs` runs jobs; `channel.ChannelTaker` takes.
                Alerts go out (alert), and io.sluice.functions.control is named in full.
                """;

        assertThat(PackageNames.unnamed(packages, readme))
                .containsExactly("io.sluice.functions.task.export", "io.sluice.functions.alert");
    }

    @Test
    void aSpanNamingALongerPackageOrALowerCaseMemberDoesNotCount() {
        assertThat(PackageNames.unnamed(List.of("io.sluice.functions.task", "io.sluice.aws"), "`task.jobs` and `task.run()`, `aws`"))
                .containsExactly("io.sluice.functions.task", "io.sluice.aws");
    }
}
