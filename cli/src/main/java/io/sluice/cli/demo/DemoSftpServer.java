package io.sluice.cli.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.List;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.SessionContext;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * The partner's SFTP server of the demo: Apache MINA SSHD in this process on 127.0.0.1 (a free port),
 * one user with a password, files landing in {@code root}. Its host key is made fresh each time and
 * handed to the exporter through a known_hosts line, so the exporter checks it as it would a real server's.
 */
public final class DemoSftpServer implements AutoCloseable {
    private final SshServer server;
    private final KeyPair hostKey;
    private final Path root;

    private DemoSftpServer(SshServer server, KeyPair hostKey, Path root) {
        this.server = server;
        this.hostKey = hostKey;
        this.root = root;
    }

    /** Starts serving {@code root} (created if absent) to {@code user} with {@code password}. */
    public static DemoSftpServer start(Path root, String user, String password) {
        KeyPair hostKey;
        try {
            Files.createDirectories(root);
            hostKey = SecurityUtils.getKeyPairGenerator("EC").generateKeyPair();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Could not make the SFTP server's host key: " + e.getMessage(), e);
        }
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(new KeyPairProvider() {
            @Override
            public Iterable<KeyPair> loadKeys(SessionContext session) {
                return List.of(hostKey);
            }
        });
        server.setPasswordAuthenticator((u, p, session) -> user.equals(u) && password.equals(p));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the demo's SFTP server", e);
        }
        return new DemoSftpServer(server, hostKey, root);
    }

    public int port() {
        return server.getPort();
    }

    public Path root() {
        return root;
    }

    /** The server's line for an OpenSSH known_hosts file. */
    public String knownHostsLine() {
        return "[127.0.0.1]:" + port() + " " + PublicKeyEntry.toString(hostKey.getPublic());
    }

    /** Files that have landed (completed uploads; a temporary upload starts with a dot), in {@code directory}. */
    public List<Path> files(String directory) {
        try (var files = Files.list(root.resolve(directory))) {
            return files.filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    @Override
    public void close() {
        try {
            server.stop(true);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not stop the demo's SFTP server", e);
        }
    }
}
