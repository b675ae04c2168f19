package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.sluice.functions.task.Sleeper;
import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.testkit.contract.ExporterContract;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The Exporter contract on the HTTP exporter against WireMock on loopback. */
class HttpExporterTest extends ExporterContract {
    private static WireMockServer server;

    @BeforeAll
    static void start() {
        server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        server.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(201)));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @Override
    protected Exporter createExporter() {
        return new HttpExporter(HttpTarget.post(server.baseUrl() + "/inbound/{name}", "contract"), Egress.http(Egress.localhost(server.port())),
                new InMemoryRateLimiter(), Clock.systemUTC(), Sleeper.REAL);
    }

    @Override
    protected List<byte[]> landed(Export export) {
        return server.findAll(anyRequestedFor(anyUrl()).withHeader("Idempotency-Key", equalTo(export.batchId())))
                .stream().map(LoggedRequest::getBody).toList();
    }
}
