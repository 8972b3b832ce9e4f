#include <libxml/xmlversion.h>
/* libxml2's encoding.h pulls in the system ICU (<unicode/ucnv.h>) when LIBXML_ICU_ENABLED, and its
   UErrorCode clashes with Foundation's bundled _FoundationICU ("has different definitions in
   different modules"). Nothing in Swift uses libxml2's ICU converters, so keep ICU out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
