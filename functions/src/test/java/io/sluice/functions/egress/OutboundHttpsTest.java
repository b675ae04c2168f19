package io.sluice.functions.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS through the outbound client: the connection goes to the checked address (127.0.0.1), while TLS checks the
 * certificate against the URL's host name ({@code localhost}), not against the address dialled.
 */
class OutboundHttpsTest {
    @TempDir
    Path dir;

    /** A PKCS#12 key store with a fresh self-signed certificate whose subject alternative name is {@code san}. */
    private KeyStore keyStore(String san) throws Exception {
        Path file = dir.resolve(san.replace(':', '-') + ".p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "partner", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=partner",
                "-ext", "SAN=" + san, "-validity", "2", "-keystore", file.toString(), "-storetype", "PKCS12",
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(output).isZero();
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, "changeit".toCharArray());
        }
        return ks;
    }

    private static HttpsServer server(KeyStore ks) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            byte[] out = "secure".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        server.start();
        return server;
    }

    private static SSLContext trusting(KeyStore ks) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        return tls;
    }

    private static OutboundHttp.Response call(KeyStore ks, int port) throws IOException {
        try (OutboundHttp http = new OutboundHttp(OutboundPolicy.allowing(List.of("localhost:" + port))
                .withResolver(host -> new InetAddress[]{InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1})}),
                "http:invoke", Duration.ofSeconds(5), trusting(ks))) {
            return http.send("GET", URI.create("https://localhost:" + port + "/"), List.of(), null, Duration.ofSeconds(5), 1024);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aCertificateForTheUrlsHostNameIsAcceptedOverTheCheckedAddress() throws Exception {
        KeyStore ks = keyStore("dns:localhost");
        HttpsServer server = server(ks);
        try {
            OutboundHttp.Response r = call(ks, server.getAddress().getPort());
            assertThat(r.status()).isEqualTo(200);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("secure");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aCertificateForTheDialledAddressButNotTheHostNameIsRefused() throws Exception {
        KeyStore ks = keyStore("ip:127.0.0.1");
        HttpsServer server = server(ks);
        try {
            Throwable t = catchThrowable(() -> call(ks, server.getAddress().getPort()));
            assertThat(t).isInstanceOf(SSLException.class);
        } finally {
            server.stop(0);
        }
    }
}
