import Foundation

/// Building blocks of DocSpec's self-contained HTML pages (`docspec tables --format html`,
/// `docspec report --html`): escaping, and the page shell with its inline style and script.
///
/// Pages load nothing: the Content-Security-Policy allows no network access at all (`default-src
/// 'none'`), inline style, and only DocSpec's one inline script (by its SHA-256 hash), so even
/// doc text that escaped escaping could not run. Doc text is always escaped with `escape(_:)`.
enum HTMLPage {
    /// The marker identifying a file DocSpec wrote (`docspec report` overwrites only such files).
    static let generatorMeta = #"<meta name="generator" content="docspec report">"#

    /// The one inline script: it marks the page as loaded (`<body data-ready="1">`), which the
    /// headless-browser test reads from the DOM.
    static let script = #"document.body.dataset.ready = "1";"#

    /// `sha256-…` of `script`, for the Content-Security-Policy (checked by a test).
    static let scriptHash = "sha256-uXPq0U6FZ2xNEtrAg23RdQ6ladvrIFmAtHoxkE/0JyE="

    /// The Content-Security-Policy of every page.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; img-src data:; base-uri 'none'; form-action 'none'"

    /// HTML-escapes text for element content and quoted attribute values: `&`, `<`, `>`, `"`
    /// and `'`. Control characters other than tab and newline become U+FFFD.
    static func escape(_ text: String) -> String { escape(text, quotes: true) }

    /// `escape`, with `"` and `'` escaped or (element content only) not.
    private static func escape(_ text: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// HTML-escapes text for element content only (never an attribute value): `&`, `<` and `>`;
    /// quotes stand as they are, which a text node allows (a finding's message quotes every
    /// value, and `&#39;` is five bytes for one). Control characters as in `escape`.
    static func escapeText(_ text: String) -> String { escape(text, quotes: false) }

    /// A complete page: `title` and `body` (already HTML) in the shell with the shared style, the
    /// page's extra `style`, and the inline script last.
    static func document(title: String, lang: String = "en", style: String = "", body: String, generator: Bool = false) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(escape(lang))">
        <head>
        <meta charset="utf-8">
        \(generator ? generatorMeta + "\n" : "")<meta http-equiv="Content-Security-Policy" content="\(escape(contentSecurityPolicy))">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(baseStyle)\(style)</style>
        </head>
        <body>
        \(body)<script>\(script)</script>
        </body>
        </html>

        """
    }

    /// The report's stylesheet and script files, shared by its pages (2,000 page pairs would
    /// otherwise carry 2,000 copies of them).
    static let reportStyleFile = "docspec-report.css"
    static let reportScriptFile = "docspec-report.js"
    /// The first line of the report's stylesheet and script: what marks them as written by DocSpec.
    static let assetMarker = "/* docspec report: generated file */"

    /// The Content-Security-Policy of the report's pages: nothing but the report's own stylesheet
    /// and script from the report's folder (`'self'`, which Chromium also grants a `file:` page
    /// for files beside it); no inline script or style, no network.
    static let reportContentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src data:; base-uri 'none'; form-action 'none'"

    /// A page of the report: `title` and `body` (already HTML) with the report's stylesheet and
    /// script (`reportStyleFile`, `reportScriptFile`) linked, and the generator marker.
    static func reportDocument(title: String, lang: String = "en", body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(escape(lang))">
        <head>
        <meta charset="utf-8">
        \(generatorMeta)
        <meta http-equiv="Content-Security-Policy" content="\(escape(reportContentSecurityPolicy))">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <link rel="stylesheet" href="\(reportStyleFile)">
        </head>
        <body>
        \(body)<script src="\(reportScriptFile)"></script>
        </body>
        </html>

        """
    }

    /// The report's script (`docspec-report.js`, shared by its pages): on the index it filters the
    /// page pairs by rule (`#f-rule`, or a click on a rule's button), translation locale
    /// (`#f-locale`) and text (`#f-search`, matched in each row's text: titles and paths) and shows the
    /// count in `#f-count`; on every page it marks the page as loaded (`<body data-ready="1">`),
    /// which the headless-browser tests read from the DOM. Plain JavaScript, no network.
    static let reportScript = #"""
        (function () {
          var rule = document.getElementById("f-rule"), locale = document.getElementById("f-locale");
          var search = document.getElementById("f-search"), count = document.getElementById("f-count");
          if (rule && locale && search && count) {
            var rows = Array.prototype.slice.call(document.querySelectorAll("#pairs tbody tr"));
            var texts = rows.map(function (tr) { return tr.textContent.toLowerCase(); });
            var buttons = Array.prototype.slice.call(document.querySelectorAll("button[data-rule]"));
            var apply = function () {
              var r = rule.value, l = locale.value, q = search.value.trim().toLowerCase(), shown = 0;
              rows.forEach(function (tr, i) {
                var ok = (!r || tr.dataset.rules.indexOf(" " + r + " ") >= 0) && (!l || tr.dataset.locale === l)
                  && (!q || texts[i].indexOf(q) >= 0);
                tr.hidden = !ok;
                if (ok) shown += 1;
              });
              buttons.forEach(function (b) { b.setAttribute("aria-pressed", b.dataset.rule === r ? "true" : "false"); });
              count.textContent = shown + " of " + rows.length + " page pairs";
              count.dataset.shown = String(shown);
            };
            rule.addEventListener("change", apply);
            locale.addEventListener("change", apply);
            search.addEventListener("input", apply);
            buttons.forEach(function (b) {
              b.addEventListener("click", function () { rule.value = rule.value === b.dataset.rule ? "" : b.dataset.rule; apply(); });
            });
            apply();
          }
          document.body.dataset.ready = "1";
        })();
        """#

    /// Style shared by the pages.
    static let baseStyle = """
        :root { color-scheme: light; --line: #d0d7de; --muted: #57606a; --error: #cf222e; --error-bg: #ffebe9; --warning: #9a6700; --warning-bg: #fff8c5; --note-bg: #ddf4ff; --head: #f6f8fa; }
        body { font-family: "DejaVu Sans", "Liberation Sans", "IPAGothic", "Noto Sans CJK JP", system-ui, sans-serif; font-size: 14px; line-height: 1.45; margin: 24px; color: #1f2328; }
        h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 28px 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 4px; } h3 { font-size: 15px; margin: 20px 0 4px; }
        code, pre, .code { font-family: "DejaVu Sans Mono", "Liberation Mono", "IPAGothic", monospace; font-size: 12.5px; }
        code { background: #eff1f3; border-radius: 4px; padding: 0 3px; }
        table { border-collapse: collapse; margin: 6px 0 14px; }
        th, td { border: 1px solid var(--line); padding: 4px 7px; vertical-align: top; text-align: left; }
        thead th { background: var(--head); }
        .meta, .muted { color: var(--muted); }
        .meta { margin: 2px 0 6px; }
        .missing { color: var(--muted); font-style: italic; background: repeating-linear-gradient(135deg, #fff, #fff 6px, #f6f8fa 6px, #f6f8fa 12px); }
        .conflict { background: var(--error-bg); }
        .conflict .other { color: var(--error); font-weight: bold; }
        a { color: #0969da; text-decoration: none; } a:hover { text-decoration: underline; }

        """
}

/// Writes files atomically: the content goes to a temporary file in the same folder, which is
/// then renamed over the destination, so readers see the old file or the new one, never a part.
/// A symbolic link is followed (its target is rewritten, the link stays) and an existing file
/// keeps its permissions; a hard link to the old file keeps the old content (the price of
/// atomicity).
enum AtomicFile {
    /// Writes `data` to `url` atomically; throws a `POSIXError` (e.g. `ENOENT` when the folder
    /// does not exist) or a `CocoaError` when the temporary file cannot be created.
    static func write(_ data: Data, to original: URL) throws {
        let url = original.resolvingSymlinksInPath()
        let dir = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw POSIXError(.ENOENT)
        }
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).docspec-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temp.path, contents: data) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        var existing = stat()
        if stat(url.path, &existing) == 0 { _ = chmod(temp.path, existing.st_mode & 0o7777) }
        if rename(temp.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temp)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
