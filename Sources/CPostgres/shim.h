#include <libpq-fe.h>

/* The error fields Railbook reads (postgres_ext.h spells them as character macros). */
static const int railbook_diagnostic_sqlstate = PG_DIAG_SQLSTATE;
static const int railbook_diagnostic_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int railbook_diagnostic_constraint_name = PG_DIAG_CONSTRAINT_NAME;
static const int railbook_diagnostic_severity = PG_DIAG_SEVERITY_NONLOCALIZED;
