#include <zip.h>
#include <stdlib.h>
#include <string.h>

/* A zip archive made in memory: open one, add files (libzip keeps a copy of each until the archive
   is written), then write it out to a malloc'd buffer the caller frees. */
static inline zip_t *railbook_zip_new(zip_source_t **source) {
    zip_error_t error;
    zip_error_init(&error);
    *source = zip_source_buffer_create(NULL, 0, 0, &error);
    if (*source == NULL) return NULL;
    zip_source_keep(*source);
    zip_t *archive = zip_open_from_source(*source, ZIP_TRUNCATE, &error);
    if (archive == NULL) { zip_source_free(*source); zip_source_free(*source); *source = NULL; }
    return archive;
}

/* Adds a file named `name` holding `length` bytes from `bytes` (copied); 0 on success. */
static inline int railbook_zip_add(zip_t *archive, const char *name, const void *bytes, size_t length) {
    void *copy = malloc(length > 0 ? length : 1);
    if (copy == NULL) return -1;
    if (length > 0) memcpy(copy, bytes, length);
    zip_source_t *file = zip_source_buffer(archive, copy, length, 1);
    if (file == NULL) { free(copy); return -1; }
    if (zip_file_add(archive, name, file, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) < 0) { zip_source_free(file); return -1; }
    return 0;
}

/* Gives up an archive not written, and its source. */
static inline void railbook_zip_discard(zip_t *archive, zip_source_t *source) {
    zip_discard(archive);
    zip_source_free(source);
}

/* Writes the archive and returns its bytes (malloc'd; *length set), or NULL. The archive and its
   source are gone after. */
static inline void *railbook_zip_finish(zip_t *archive, zip_source_t *source, size_t *length) {
    if (zip_close(archive) < 0) { railbook_zip_discard(archive, source); return NULL; }
    void *bytes = NULL;
    if (zip_source_open(source) == 0) {
        zip_source_seek(source, 0, SEEK_END);
        zip_int64_t size = zip_source_tell(source);
        zip_source_seek(source, 0, SEEK_SET);
        if (size >= 0 && (bytes = malloc(size > 0 ? (size_t)size : 1)) != NULL) {
            if (zip_source_read(source, bytes, (zip_uint64_t)size) != size) { free(bytes); bytes = NULL; }
            else *length = (size_t)size;
        }
        zip_source_close(source);
    }
    zip_source_free(source);
    return bytes;
}
