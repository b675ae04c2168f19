package io.sluice.aws.redshift;

/**
 * Which Redshift a warehouse talks to through the Data API, and as whom: a Serverless workgroup or a
 * provisioned cluster, a database, and either a Secrets Manager secret with the credentials or (clusters
 * only) a database user for temporary credentials. Exactly one of workgroup and cluster.
 */
public record RedshiftTarget(String workgroupName, String clusterIdentifier, String database, String secretArn, String dbUser) {
    public RedshiftTarget {
        if ((workgroupName == null) == (clusterIdentifier == null)) {
            throw new IllegalArgumentException("name exactly one of a Redshift Serverless workgroup (sluice.redshift.workgroup) "
                    + "and a provisioned cluster (sluice.redshift.cluster)");
        }
        if (database == null || database.isBlank()) {
            throw new IllegalArgumentException("a Redshift target needs a database (sluice.redshift.database)");
        }
        if (workgroupName != null && dbUser != null) {
            throw new IllegalArgumentException("a Serverless workgroup takes a secret or the caller's IAM identity, not a db user");
        }
    }

    public static RedshiftTarget workgroup(String workgroupName, String database, String secretArn) {
        return new RedshiftTarget(workgroupName, null, database, secretArn, null);
    }

    public static RedshiftTarget cluster(String clusterIdentifier, String database, String secretArn, String dbUser) {
        return new RedshiftTarget(null, clusterIdentifier, database, secretArn, dbUser);
    }
}
