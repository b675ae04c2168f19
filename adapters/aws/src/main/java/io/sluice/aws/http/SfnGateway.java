package io.sluice.aws.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnRequest;
import io.sluice.api.sfn.SfnResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * API Gateway HTTP API events (payload 2.0) that are Step Functions API calls ({@code X-Amz-Target:
 * AWSStepFunctions.*}) to {@link SfnApi} and its answer back: the raw path, query, headers and body go as they came,
 * since the SigV4 signature covers them. Through the {@code $default} stage the API answers {@code POST /}; through a
 * named stage {@code POST /<stage>} (or {@code /<stage>/}), the endpoint URL {@code https://<api>/<stage>}.
 */
final class SfnGateway {
    static final String TARGET_PREFIX = "AWSStepFunctions.";

    private SfnGateway() {}

    static boolean isSfn(APIGatewayV2HTTPEvent event) {
        String target = header(event.getHeaders(), "X-Amz-Target");
        return target != null && target.startsWith(TARGET_PREFIX);
    }

    static APIGatewayV2HTTPResponse answer(SfnApi api, APIGatewayV2HTTPEvent event) {
        APIGatewayV2HTTPEvent.RequestContext context = event.getRequestContext();
        String method = context == null || context.getHttp() == null ? "POST" : context.getHttp().getMethod();
        String path = event.getRawPath() == null || event.getRawPath().isEmpty() ? "/" : event.getRawPath();
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (event.getHeaders() != null) {
            event.getHeaders().forEach((k, v) -> headers.put(k, List.of(v)));
        }
        byte[] body = event.getBody() == null ? new byte[0] : event.getIsBase64Encoded() ? Base64.getDecoder().decode(event.getBody())
                : event.getBody().getBytes(StandardCharsets.UTF_8);
        String stage = ApiGatewayV2.stagePath(event);
        // Through a named stage the client signed /<stage>/ (its endpoint URL's path): the API answers there too.
        SfnApi served = stage.isEmpty() ? api : api.at("/", stage, stage + "/");
        SfnResponse response = served.handle(new SfnRequest(method, path, event.getRawQueryString(), headers, body, platformCaller(context)));
        return APIGatewayV2HTTPResponse.builder().withStatusCode(response.status()).withHeaders(new LinkedHashMap<>(response.headers()))
                .withBody(new String(response.body(), StandardCharsets.UTF_8)).withIsBase64Encoded(false).build();
    }

    /**
     * The caller the platform in front of the API authenticated, or {@code null}: API Gateway's IAM authorization
     * ({@code requestContext.authorizer.iam}: the caller's user ARN, else its caller id), else a Lambda REQUEST authorizer's
     * context ({@code requestContext.authorizer.lambda}, what the authorizer returned as {@code context}: its
     * {@code principalId} when it names one). An authorizer that returns no context leaves no trace in the event, so the
     * Step Functions API cannot tell its requests from unauthenticated ones: the module README asks authorizers for one.
     */
    static String platformCaller(APIGatewayV2HTTPEvent.RequestContext context) {
        if (context == null || context.getAuthorizer() == null) {
            return null;
        }
        APIGatewayV2HTTPEvent.RequestContext.IAM iam = context.getAuthorizer().getIam();
        if (iam != null) {
            return iam.getUserArn() != null ? iam.getUserArn() : iam.getCallerId();
        }
        Map<String, Object> lambda = context.getAuthorizer().getLambda();
        if (lambda != null) {
            Object principal = lambda.get("principalId");
            return "lambda-authorizer:" + (principal == null ? "" : principal);
        }
        return null;
    }

    private static String header(Map<String, String> headers, String name) {
        if (headers == null) {
            return null;
        }
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }
}
