/* The floor of the lint benchmark: parse each file named on the command line with libcmark-gfm
 * and the GFM extensions DocSpec attaches (table, strikethrough, autolink, tagfilter, tasklist),
 * then free the tree. Nothing is rendered. Prints the number of files and bytes parsed.
 *
 *   gcc -O2 -o cmark_parse cmark_parse.c $(pkg-config --cflags --libs libcmark-gfm)
 *   ./cmark_parse FILE...          (or: ./cmark_parse - < list-of-paths)
 *
 * Debian's libcmark-gfm.pc already links -lcmark-gfm-extensions; that package ships no .pc file.
 */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *extensions[] = {"table", "strikethrough", "autolink", "tagfilter", "tasklist"};

static int parse_file(const char *path, size_t *total) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 1; }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) { cap *= 2; buf = realloc(buf, cap); }
    }
    fclose(f);
    if (!buf) { fprintf(stderr, "%s: out of memory\n", path); return 1; }
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++) {
        cmark_syntax_extension *ext = cmark_find_syntax_extension(extensions[i]);
        if (!ext) { fprintf(stderr, "extension %s not found\n", extensions[i]); exit(2); }
        cmark_parser_attach_syntax_extension(parser, ext);
    }
    cmark_parser_feed(parser, buf, len);
    cmark_node *doc = cmark_parser_finish(parser);
    cmark_node_free(doc);
    cmark_parser_free(parser);
    free(buf);
    *total += len;
    return 0;
}

int main(int argc, char **argv) {
    cmark_gfm_core_extensions_ensure_registered();
    size_t total = 0, files = 0;
    int failed = 0;
    if (argc == 2 && strcmp(argv[1], "-") == 0) {
        char line[4096];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\n")] = 0;
            if (!*line) continue;
            failed |= parse_file(line, &total);
            files++;
        }
    } else {
        for (int i = 1; i < argc; i++) { failed |= parse_file(argv[i], &total); files++; }
    }
    printf("cmark_parse: %zu files, %zu bytes\n", files, total);
    return failed;
}
