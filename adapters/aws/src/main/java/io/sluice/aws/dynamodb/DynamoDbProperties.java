package io.sluice.aws.dynamodb;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.dynamodb.*}: the tables, each optional (an adapter exists when its table is named).
 *
 * @param statusTable         the status table of every pipeline ({@link StatusTable})
 * @param exportLedgerTable   the export ledger ({@link LedgerTables#exportLedger})
 * @param upstreamLedgerTable the upstream ledger ({@link LedgerTables#upstreamLedger})
 * @param endpoint            an endpoint override for DynamoDB alone (dynalite in tests)
 */
@ConfigurationProperties("sluice.dynamodb")
public record DynamoDbProperties(String statusTable, String exportLedgerTable, String upstreamLedgerTable, URI endpoint) {}
