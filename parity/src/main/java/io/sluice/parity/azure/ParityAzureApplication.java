package io.sluice.parity.azure;

import io.sluice.azure.SluiceAzureApplication;
import io.sluice.parity.ParityFunctions;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The Sluice Function app (every function, as deployed) plus the suite's task functions, their Storage Queue triggers
 * ({@link ParityAzureTriggers}) and the alert webhook.
 */
@SpringBootConfiguration
@Import({SluiceAzureApplication.class, ParityFunctions.class, io.sluice.parity.ParityAlerts.class, ParityAzureTriggers.class})
public class ParityAzureApplication {}
