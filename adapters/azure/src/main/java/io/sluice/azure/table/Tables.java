package io.sluice.azure.table;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import java.util.regex.Pattern;

/** Small helpers over the Tables SDK: creating a table once, reading an entity that may be absent, status codes. */
public final class Tables {
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]{2,62}");
    /** Where the SDK keeps an entity's ETag among its properties; an update with it is conditional on it. */
    static final String ETAG = "odata.etag";

    private Tables() {}

    /** The table {@code name}, created if absent. */
    public static TableClient ensure(TableServiceClient service, String name) {
        if (!TABLE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + name + "' is not a Table storage table name: 3-63 letters and digits, starting with a letter");
        }
        TableClient client = service.getTableClient(name);
        try {
            client.createTable();
        } catch (TableServiceException e) {
            if (status(e) != 409) {
                throw e;
            }
        }
        return client;
    }

    public static int status(TableServiceException e) {
        return e.getResponse() == null ? -1 : e.getResponse().getStatusCode();
    }

    /** The entity, or {@code null} when there is none. */
    public static TableEntity find(TableClient table, String partitionKey, String rowKey) {
        try {
            return table.getEntity(partitionKey, rowKey);
        } catch (TableServiceException e) {
            if (status(e) == 404) {
                return null;
            }
            throw e;
        }
    }

    /** Whether the insert took place: {@code false} when an entity with those keys exists (409). */
    public static boolean insertIfAbsent(TableClient table, TableEntity entity) {
        try {
            table.createEntity(entity);
            return true;
        } catch (TableServiceException e) {
            if (status(e) == 409) {
                return false;
            }
            throw e;
        }
    }

    /** {@code fresh} carrying {@code read}'s ETag, so that replacing it succeeds only if nobody changed the entity since. */
    public static TableEntity conditional(TableEntity fresh, TableEntity read) {
        return fresh.addProperty(ETAG, read.getETag());
    }
}
