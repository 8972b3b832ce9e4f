#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* Rewrites escapes in place and returns the new length (libmicrohttpd's unescape hook). */
typedef size_t (*railbook_unescape_callback)(void *context, struct MHD_Connection *connection, char *text);
/* Called once per request with its raw target, before the headers are read; returns the request's context. */
typedef void *(*railbook_uri_log_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/* What the daemon is started with: our own listening socket, limits and callbacks. */
struct railbook_daemon_settings {
    int listen_socket;
    unsigned int threads;
    unsigned int timeout_seconds;
    size_t memory_limit;
    unsigned int connection_limit;
    unsigned int per_address_limit;
    MHD_AccessHandlerCallback handler;
    void *context;
    MHD_RequestCompletedCallback completed;
    railbook_unescape_callback unescape;
    railbook_uri_log_callback uri_log;
    MHD_NotifyConnectionCallback notify_connection;
    /* Asked for every connection accepted, before libmicrohttpd's own limits; refuses with MHD_NO. */
    MHD_AcceptPolicyCallback accept_policy;
    /* Counts the connections libmicrohttpd closed at once at the total connection limit (it says
       so in a message; the per-address limit closes them without one). */
    unsigned long *refused_connections;
};

/* The count behind `refused_connections`, read while other threads add to it. */
static inline unsigned long railbook_load_count(const unsigned long *count)
{
    return __atomic_load_n(count, __ATOMIC_RELAXED);
}

/* libmicrohttpd's own messages, one line each on standard error. Connections that the client or
   the head deadline ended are routine, not faults of the server, and are left out. */
static inline void railbook_log_library_message(void *context, const char *format, va_list arguments)
{
    char text[512];
    vsnprintf(text, sizeof text, format, arguments);
    if (context != NULL && strstr(text, "reached connection limit"))
        __atomic_fetch_add((unsigned long *)context, 1, __ATOMIC_RELAXED);
    if (strstr(text, "connection closure") || strstr(text, "Connection socket is closed") ||
        strstr(text, "closed by remote side") ||
        strstr(text, "Connection reset by peer") || strstr(text, "connection limit")) return;
    size_t length = strcspn(text, "\n");
    fprintf(stderr, "libmicrohttpd: %.*s\n", (int)length, text);
}

/* Starts an epoll daemon with an internal thread pool on `listen_socket`, connections that can be
   suspended while their answer is worked out elsewhere; the variadic option list stays in C. */
static inline struct MHD_Daemon *railbook_start_daemon(const struct railbook_daemon_settings *settings)
{
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, 0, settings->accept_policy, settings->context, settings->handler, settings->context,
        MHD_OPTION_EXTERNAL_LOGGER, railbook_log_library_message, (void *)settings->refused_connections,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)settings->listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, settings->threads > 1 ? settings->threads : 0,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit,
        MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->context,
        MHD_OPTION_UNESCAPE_CALLBACK, settings->unescape, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, settings->uri_log, settings->context,
        MHD_OPTION_NOTIFY_CONNECTION, settings->notify_connection, settings->context,
        MHD_OPTION_END);
}

/* The number of bytes between the request target's start and the HTTP version, less the space:
   libmicrohttpd parses the request line in place, so this is the target's length as sent, raw NUL
   bytes included (strlen stops at the first one). 0 when the two are not in one buffer. */
static inline size_t railbook_raw_target_length(const char *target, const char *version)
{
    if (target == NULL || version == NULL || version <= target || version - target > 1024 * 1024) return 0;
    return (size_t)(version - target - 1);
}

/* Counts the query parameters of the request target `target` (the pieces between `&`s after the
   first `?`, empty ones left out, as libmicrohttpd parses them). When there are more than `limit`,
   ends the query right after its `?`, so that libmicrohttpd, which found the `?` before calling
   the URI log hook and parses what follows it in place afterwards, stores none of them in the
   connection's memory (which they would exhaust, closing the connection unanswered); returns 1
   then, else 0. */
static inline int railbook_cut_long_query(char *target, size_t limit)
{
    char *query = strchr(target, '?');
    if (query == NULL) return 0;
    size_t count = 0;
    const char *piece = query + 1;
    while (*piece != '\0') {
        const char *end = strchr(piece, '&');
        if (end == NULL) end = piece + strlen(piece);
        if (end > piece) count++;
        piece = *end == '\0' ? end : end + 1;
    }
    if (count <= limit) return 0;
    query[1] = '\0';
    return 1;
}

/* The client's socket address, or NULL. */
static inline const struct sockaddr *railbook_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The connection's socket, or -1. */
static inline int railbook_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}

/* The context set for the connection's socket when it was accepted, or NULL. */
static inline void *railbook_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* A response whose body libmicrohttpd copies, so the caller's buffer may go away. */
static inline struct MHD_Response *railbook_response_copying(size_t size, const void *body)
{
    return MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}
