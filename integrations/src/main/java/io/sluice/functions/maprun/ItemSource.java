package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Where a map run's items come from, read a page at a time from a cursor the run keeps in its record,
 * so that no reader holds all items and a resumed run reads on from where its record says. Reading the
 * same cursor again gives the same page.
 */
interface ItemSource {

    /** Up to {@code max} items from {@code cursor} ({@code null}: the first). */
    Page read(String cursor, int max);

    /** @param next the cursor of the item after these, or {@code null} when there are no more */
    record Page(List<JsonNode> items, String next) {}
}
