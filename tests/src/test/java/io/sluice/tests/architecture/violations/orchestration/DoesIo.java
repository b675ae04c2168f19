package io.sluice.tests.architecture.violations.orchestration;

import java.io.FileInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/** Bad: network and file I/O inside the core. */
public class DoesIo {
    public String read(Path file) throws IOException {
        return Files.readString(file);
    }

    public int firstByte(String name) throws IOException {
        try (FileInputStream in = new FileInputStream(name)) {
            return in.read();
        }
    }

    public String host(String url) {
        return URI.create(url).getHost();
    }
}
