package io.sluice.parity.azure;

import io.sluice.azure.SluiceAzureApplication;
import io.sluice.parity.ParityFunctions;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The Sluice Function app (every function, as deployed) plus the suite's task functions, their Storage Queue triggers
 * ({@link ParityAzureTriggers}), the alert webhook, and the stubs of Data Factory and Synapse ({@link ParityAzureStubs}).
 */
@SpringBootConfiguration
@Import({SluiceAzureApplication.class, ParityFunctions.class, io.sluice.parity.ParityAlerts.class, ParityAzureTriggers.class, ParityAzureStubs.class})
public class ParityAzureApplication {}
