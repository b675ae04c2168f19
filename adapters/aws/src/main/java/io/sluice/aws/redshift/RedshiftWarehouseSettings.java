package io.sluice.aws.redshift;

import io.sluice.aws.s3.S3Location;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How the Redshift warehouse loads.
 *
 * @param defaultSchema the schema of a table named without one ({@code public})
 * @param ledgerSchema  where the load ledger ({@value #LEDGER_TABLE}) and the staging tables live
 * @param batchColumn   the column of every target table that holds each row's batch id
 * @param copyRoleArn   the IAM role COPY reads S3 with ({@code IAM_ROLE}): an IAM role ARN, or {@code default}
 *                      for the cluster's default role
 * @param manifests     where a load writes the one-entry COPY manifest that names its file (and deletes it after)
 * @param sources       where a source given as a key (not an {@code s3://} URI) is; {@code null} if only URIs are given
 */
public record RedshiftWarehouseSettings(String defaultSchema, String ledgerSchema, String batchColumn, String copyRoleArn,
                                        S3Location manifests, S3Location sources) {
    public static final String LEDGER_TABLE = "sluice_load_ledger";
    public static final String BATCH_COLUMN = "sluice_batch";
    private static final Pattern ROLE = Pattern.compile("default|arn:aws[a-z-]*:iam::\\d{12}:role/[A-Za-z0-9+=,.@_/-]{1,512}");
    /** What may stand in the manifest URL, which COPY's FROM must have as a literal: no quote, no backslash. */
    private static final Pattern SAFE_S3 = Pattern.compile("[a-z0-9.-]{3,63}/[A-Za-z0-9!_.*()/=+-]*");

    public RedshiftWarehouseSettings {
        defaultSchema = Identifiers.fold(defaultSchema == null ? "public" : defaultSchema, "sluice.redshift.schema");
        ledgerSchema = Identifiers.fold(ledgerSchema == null ? defaultSchema : ledgerSchema, "sluice.redshift.ledger-schema");
        batchColumn = Identifiers.fold(batchColumn == null ? BATCH_COLUMN : batchColumn, "sluice.redshift.batch-column");
        Objects.requireNonNull(copyRoleArn, "copyRoleArn");
        if (!ROLE.matcher(copyRoleArn).matches()) {
            throw new IllegalArgumentException("sluice.redshift.copy-role-arn must be an IAM role ARN (arn:aws:iam::123456789012:role/name) "
                    + "or 'default', not '" + copyRoleArn + "'");
        }
        Objects.requireNonNull(manifests, "manifests");
        if (!SAFE_S3.matcher(manifests.bucket() + "/" + manifests.prefix()).matches()) {
            throw new IllegalArgumentException("the manifest location " + manifests + " (sluice.redshift.manifest-bucket, -prefix) must be"
                    + " a bucket name and a prefix of letters, digits and ! _ . * ( ) / = + -");
        }
    }
}
