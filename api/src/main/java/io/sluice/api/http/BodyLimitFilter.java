package io.sluice.api.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over the limit with 413: at once when {@code Content-Length} says so, and
 * while reading when the body comes without a length (chunked), by failing the read
 * ({@link ApiProblems.TooLarge}, answered by the exception handler). Nothing over the limit is buffered.
 */
final class BodyLimitFilter extends OncePerRequestFilter {
    private final long limit;

    BodyLimitFilter(long limit) {
        this.limit = limit;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > limit) {
            ApiProblems.write(request, response, HttpStatus.PAYLOAD_TOO_LARGE, ApiProblems.TOO_LARGE, "Payload too large",
                    new ApiProblems.TooLarge(limit).getMessage(), java.util.Map.of("limit", limit));
            return;
        }
        try {
            chain.doFilter(new Limited(request, limit), response);
        } catch (ApiProblems.TooLarge e) {
            // Read by a filter before the API's handlers (Spring's form filter reads PUT bodies): the same 413, no trace.
            if (response.isCommitted()) {
                throw e;
            }
            ApiProblems.write(request, response, HttpStatus.PAYLOAD_TOO_LARGE, ApiProblems.TOO_LARGE, "Payload too large", e.getMessage(),
                    java.util.Map.of("limit", limit));
        }
    }

    private static final class Limited extends HttpServletRequestWrapper {
        private final long limit;
        private ServletInputStream stream;

        Limited(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new Counting(super.getInputStream(), limit);
            }
            return stream;
        }
    }

    private static final class Counting extends ServletInputStream {
        private final ServletInputStream in;
        private final long limit;
        private long read;

        Counting(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > limit) {
                throw new ApiProblems.TooLarge(limit);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
