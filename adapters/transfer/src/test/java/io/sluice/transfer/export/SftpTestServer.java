package io.sluice.transfer.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.SessionContext;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.sftp.server.FileHandle;
import org.apache.sshd.sftp.server.SftpEventListener;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/** An in-process SFTP server (Apache MINA SSHD) on 127.0.0.1, serving one directory to one user with a password. */
final class SftpTestServer implements AutoCloseable {
    static final String USER = "exporter";
    static final String PASSWORD = "pw-" + System.nanoTime();

    private final SshServer server;
    private final KeyPair hostKey;
    final AtomicInteger renames = new AtomicInteger();
    /** SSH sessions opened to this server, authenticated or not. */
    final AtomicInteger sessions = new AtomicInteger();

    SftpTestServer(Path root) {
        try {
            hostKey = SecurityUtils.getKeyPairGenerator("EC").generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException("could not make a host key", e);
        }
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(new KeyPairProvider() {
            @Override
            public Iterable<KeyPair> loadKeys(SessionContext session) {
                return List.of(hostKey);
            }
        });
        server.addSessionListener(new SessionListener() {
            @Override
            public void sessionCreated(Session session) {
                sessions.incrementAndGet();
            }
        });
        server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && PASSWORD.equals(password));
        SftpSubsystemFactory sftp = new SftpSubsystemFactory();
        sftp.addSftpEventListener(new SftpEventListener() {
            @Override
            public void moved(ServerSession session, Path src, Path dst, java.util.Collection<java.nio.file.CopyOption> opts, Throwable thrown) {
                if (thrown == null) {
                    renames.incrementAndGet();
                }
            }
        });
        server.setSubsystemFactories(List.of(sftp));
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return server.getPort();
    }

    PublicKey hostKey() {
        return hostKey.getPublic();
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
