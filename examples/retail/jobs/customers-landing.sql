-- Landing: the customers snapshot, taken into the landing zone once it has proved to be well-formed CSV.
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, strict_mode = true,
                delim = ',', quote = '"', escape = '"',
                columns = {'customer_id': 'VARCHAR', 'name': 'VARCHAR', 'email': 'VARCHAR', 'city': 'VARCHAR',
                           'country': 'VARCHAR', 'signup_date': 'VARCHAR', 'segment': 'VARCHAR'})
) TO '${store}/${target}${partition}.csv' (HEADER);
