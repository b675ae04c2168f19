package io.sluice.api.lambda;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/** The operator's mapped Lambda functions as task functions of every Spring host ({@link LambdaFunctionRegistrar}). */
@AutoConfiguration
public class LambdaFunctionsAutoConfiguration {
    @Bean
    static LambdaFunctionRegistrar lambdaFunctionRegistrar() {
        return new LambdaFunctionRegistrar();
    }
}
