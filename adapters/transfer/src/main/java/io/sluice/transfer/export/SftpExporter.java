package io.sluice.transfer.export;

import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.orchestration.port.Exporter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RequiredServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Pushes an extract to an SFTP server (Apache MINA SSHD client): it is uploaded under a temporary
 * name and renamed to its final name only when complete, so the downstream system never picks up
 * half a file. The final name is the batch's mark at the destination: when a file of that name is
 * there already with the same content, the batch arrived before (a push repeated after a crash) and
 * nothing is sent; with other content it is a different file, and the push is rejected.
 *
 * <p>Where it may connect is the {@link OutboundPolicy}'s word, checked on the address connected to: the target's host
 * is resolved once by the policy, and the SSH connection is opened to a checked address itself (an IP literal, so the
 * client looks nothing up again; no {@code ~/.ssh/config} is consulted, which could send it elsewhere). The server's
 * key is still the one configured for the target's host name. A refused host or address is a {@code Sluice.HostNotAllowed}
 * task error.
 */
public final class SftpExporter implements Exporter, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(SftpExporter.class.getName());

    static final String CALLER = "push-export";

    private final SftpTarget target;
    private final OutboundPolicy policy;
    private final SshClient client;

    public SftpExporter(SftpTarget target, OutboundPolicy policy) {
        this.target = target;
        this.policy = policy;
        this.client = SshClient.setUpDefaultClient();
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        if (target.hostKey() == null) {
            LOG.warning("SFTP target " + target.where() + " has no host key configured: any server is accepted");
            client.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
        } else {
            client.setServerKeyVerifier(new RequiredServerKeyVerifier(target.hostKey()));
        }
        client.start();
    }

    @Override
    public Delivery deliver(Export export) {
        String finalPath = target.directory() + "/" + export.name();
        try (ClientSession session = connect(); SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
            Delivery already = alreadyThere(sftp, finalPath, export);
            if (already != null) {
                return already;
            }
            String temp = target.directory() + "/." + export.name() + "." + UUID.randomUUID() + ".part";
            try (OutputStream out = sftp.write(temp)) {
                out.write(export.content());
            }
            try {
                sftp.rename(temp, finalPath);
            } catch (SftpException e) {
                // Another push of the batch may have renamed first; then its file is the one that counts.
                removeQuietly(sftp, temp);
                Delivery raced = alreadyThere(sftp, finalPath, export);
                if (raced != null) {
                    return raced;
                }
                throw e;
            }
            return new Delivery.Delivered(target.where() + "/" + export.name());
        } catch (SftpException e) {
            return switch (e.getStatus()) {
                case SftpConstants.SSH_FX_PERMISSION_DENIED, SftpConstants.SSH_FX_NO_SUCH_FILE, SftpConstants.SSH_FX_NO_SUCH_PATH ->
                        new Delivery.Rejected(e.getStatus(), "The server refused " + finalPath + ": " + e.getMessage());
                default -> new Delivery.Failed("SFTP error at " + target.where() + ": " + e.getMessage());
            };
        } catch (IOException e) {
            return new Delivery.Failed("Could not push to " + target.where() + ": " + e.getMessage());
        }
    }

    private ClientSession connect() throws IOException {
        List<InetSocketAddress> addresses = policy.resolve(CALLER, target.host(), target.port());
        ClientSession session = null;
        IOException failed = null;
        for (InetSocketAddress address : addresses) {
            // The checked address as the host to dial: a literal, which the client parses rather than resolves.
            HostConfigEntry pinned = new HostConfigEntry(target.host(), address.getAddress().getHostAddress(), address.getPort(), target.user());
            try {
                session = client.connect(pinned, null, null).verify(target.timeout()).getSession();
                break;
            } catch (IOException e) {
                failed = e;
            }
        }
        if (session == null) {
            throw failed;
        }
        try {
            if (target.password() != null) {
                session.addPasswordIdentity(target.password());
            }
            if (target.keyPair() != null) {
                session.addPublicKeyIdentity(target.keyPair());
            }
            session.auth().verify(target.timeout());
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Delivered when the final file holds this export; rejected when it holds something else; {@code null} when absent. */
    private Delivery alreadyThere(SftpClient sftp, String path, Export export) throws IOException {
        SftpClient.Attributes attributes;
        try {
            attributes = sftp.stat(path);
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return null;
            }
            throw e;
        }
        if (attributes.getSize() == export.size() && sameContent(sftp, path, export.content())) {
            return new Delivery.Delivered(target.where() + "/" + export.name() + " (already there)");
        }
        return new Delivery.Rejected(SftpConstants.SSH_FX_FILE_ALREADY_EXISTS, "A different file named " + path
                + " is already at " + target.where() + "; batch '" + export.batchId() + "' was not pushed over it.");
    }

    private static boolean sameContent(SftpClient sftp, String path, byte[] expected) throws IOException {
        try (InputStream in = sftp.read(path)) {
            return Arrays.equals(in.readAllBytes(), expected);
        }
    }

    private static void removeQuietly(SftpClient sftp, String path) {
        try {
            sftp.remove(path);
        } catch (IOException e) {
            LOG.fine("could not remove temporary file " + path + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        client.stop();
    }
}
