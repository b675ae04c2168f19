package io.sluice.aws.entry;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.orchestration.json.Json;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** The real Sluice Lambda application plus one task function for the entry-point test. */
@SpringBootApplication
@Import(SluiceAwsApplication.class)
public class EntryPointTestApplication {

    @Bean
    public Function<JsonNode, JsonNode> greet() {
        return in -> Json.NODES.textNode("hello " + in.path("who").asText());
    }
}
