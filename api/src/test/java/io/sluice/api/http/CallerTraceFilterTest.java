package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.observe.CallerTrace;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * A request's {@code traceparent} header is the caller's trace while the request is served, and only then; a header that
 * is not a W3C traceparent (https://www.w3.org/TR/trace-context/#traceparent-header) is read as none.
 */
class CallerTraceFilterTest {
    static final String CALLER = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void theHeaderIsTheCallersTraceForTheRequestOnly() throws Exception {
        assertThat(seenDuring(CALLER)).containsExactly(CALLER);
        assertThat(CallerTrace.current()).as("after the request").isNull();
        assertThat(seenDuring("00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01")).as("an all-zero parent id is invalid")
                .containsExactly((String) null);
        assertThat(seenDuring(null)).containsExactly((String) null);
    }

    private static List<String> seenDuring(String header) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/v1/pipelines/orders/executions");
        if (header != null) {
            request.addHeader(CallerTraceFilter.HEADER, header);
        }
        List<String> seen = new ArrayList<>();
        new CallerTraceFilter().doFilter(request, new MockHttpServletResponse(), new MockFilterChain(new HttpServlet() {
            @Override
            protected void service(HttpServletRequest req, HttpServletResponse resp) {
                seen.add(CallerTrace.current());
            }
        }));
        return seen;
    }
}
