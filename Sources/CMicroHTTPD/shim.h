#include <stdarg.h>
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

/* Starts an epoll daemon with an internal thread pool; the variadic option list stays in C. */
static inline struct MHD_Daemon *railbook_start_daemon(
    const struct sockaddr *address, unsigned int threads, unsigned int timeout_seconds,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, railbook_unescape_callback unescape)
{
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
        MHD_OPTION_END);
}

/* The client's socket address, or NULL. */
static inline const struct sockaddr *railbook_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The port the daemon listens on (useful when started on port 0). */
static inline unsigned int railbook_daemon_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* A response whose body libmicrohttpd copies, so the caller's buffer may go away. */
static inline struct MHD_Response *railbook_response_copying(size_t size, const void *body)
{
    return MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}
