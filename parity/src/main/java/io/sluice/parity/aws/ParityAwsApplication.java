package io.sluice.parity.aws;

import io.sluice.aws.SluiceAwsApplication;
import io.sluice.parity.ParityFunctions;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Import;

/** The Sluice Lambda application (every function, as deployed) plus the suite's task functions and alert webhook. */
@SpringBootConfiguration
@Import({SluiceAwsApplication.class, ParityFunctions.class, io.sluice.parity.ParityAlerts.class})
public class ParityAwsApplication {}
