package io.sluice.aws.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The {@code http-api} function: one API Gateway HTTP API request (payload 2.0) through the API's
 * Spring MVC stack, its response back in API Gateway's shape; a Step Functions API call ({@code X-Amz-Target:
 * AWSStepFunctions.*}) goes to the Step Functions API instead ({@link HttpApiSfn}).
 */
final class HttpApiFunction implements Function<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private final Supplier<HttpApiServlet> servlet;

    HttpApiFunction(Supplier<HttpApiServlet> servlet) {
        this.servlet = servlet;
    }

    /** The metrics and spans it made are printed and exported by {@code EmfMetrics.flushingAfter} ({@link AwsHttpApi}). */
    @Override
    public APIGatewayV2HTTPResponse apply(APIGatewayV2HTTPEvent event) {
        HttpApiServlet api = servlet.get();
        if (SfnGateway.isSfn(event)) {
            return SfnGateway.answer(api.stepFunctions(), event);
        }
        return ApiGatewayV2.response(api.service(ApiGatewayV2.request(event, api.servletContext())));
    }
}
