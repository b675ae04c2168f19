-- Landing: the day's returns, taken into the landing zone once they have proved to be well-formed CSV.
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, strict_mode = true,
                delim = ',', quote = '"', escape = '"',
                columns = {'return_id': 'VARCHAR', 'order_id': 'VARCHAR', 'returned_at': 'VARCHAR', 'quantity': 'VARCHAR',
                           'reason': 'VARCHAR'})
) TO '${store}/${target}${partition}.csv' (HEADER);
