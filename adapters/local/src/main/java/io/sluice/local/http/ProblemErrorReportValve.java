package io.sluice.local.http;

import io.sluice.api.http.ApiProblems;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's own error answers (a request line or header it cannot parse, say, refused before any
 * filter runs) as {@code application/problem+json} like every other error of the API, instead of its
 * HTML page; never with a stack trace.
 */
public final class ProblemErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        String title = known == null ? "HTTP " + status : known.getReasonPhrase();
        String message = response.getMessage();
        var body = Json.object().put("type", "urn:sluice:problem:" + (status == 400 ? ApiProblems.INVALID_REQUEST : "http-" + status))
                .put("title", title).put("status", status)
                .put("detail", "The server could not handle the request" + (message == null || message.isBlank() ? "" : ": " + message)
                        + ". Send well-formed HTTP/1.1 with a JSON body.");
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(Json.write(body));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the response cannot take a body: nothing more to say.
        }
    }
}
