import Mustache
import XCTest

final class ConstantBindingTests: XCTestCase {
    /// A small site in the shape of Railbook's: a layout with blocks and an indented partial, pages that
    /// fill the blocks and use partials and sections, and texts under `t` everywhere.
    private static let site: [String: String] = [
        "layout": """
        <!DOCTYPE html>
        <html lang="{{layout.lang}}">
        <head>
          <title>{{$title}}{{t.site_name}}{{/title}} · {{t.site_name}}</title>
        </head>
        <body>
          <a class="skip-link" href="#content">{{t.skip_to_content}}</a>
          {{> _header}}
          <main id="content">
            {{$content}}
            <p>{{t.empty_page}}</p>
            {{/content}}
          </main>
          <footer>
            <p>{{{t.footer_html}}}</p>
            <p>{{& t.footer_html}}</p>
            {{#t.show_times}}<p>{{t.footer_times}}</p>{{/t.show_times}}
          </footer>
        </body>
        </html>

        """,
        "_header": """
        <header>
          <nav aria-label="{{t.nav_label}}">
            <a href="/">{{t.nav_home}}</a>
          </nav>
          <ul aria-label="{{t.language_label}}">
            {{#layout.languages}}
            <li>{{#current}}<span lang="{{code}}">{{name}}</span>{{/current}}{{^current}}<a href="{{href}}">{{name}}</a>{{/current}}</li>
            {{/layout.languages}}
          </ul>
          {{#user}}
          <p>{{t.signed_in_as}} {{name}}</p>
          {{> _sign_out}}
          {{/user}}
          {{^user}}
          <a href="/session/new">{{t.sign_in}}</a>
          {{/user}}
        </header>

        """,
        "_sign_out": """
        <form method="post" action="/session">
          <button>{{t.sign_out}}</button>
        </form>

        """,
        "home/index": """
        {{<layout}}
        {{$title}}{{t.home_title}}{{/title}}
        {{$content}}
        <h1>{{t.home_heading}}</h1>
        <p class="lead">{{t.home_intro}}</p>
        {{#departures}}
        <ul>
          {{#items}}
          <li>{{time}} {{t.to}} {{destination}}{{#late}} <em>{{t.late}}</em>{{/late}}</li>
          {{/items}}
        </ul>
        {{/departures}}
        {{^departures}}
        <p>{{t.no_departures}}</p>
        {{/departures}}
        {{^t.hide_steps}}
        <ol>
          {{#t.steps}}
          <li>{{.}}</li>
          {{/t.steps}}
        </ol>
        {{/t.hide_steps}}
        <p>{{t.missing_key}}{{t.nested.deeper}} {{t.year}}</p>
        {{/content}}
        {{/layout}}

        """,
        "about": """
        {{<layout}}
        {{$title}}{{t.about_title}} ({{t.site_name}}){{/title}}
        {{/layout}}

        """,
    ]

    private static let english: MustacheValue = [
        "site_name": "Railbook", "skip_to_content": "Skip to content", "empty_page": "Nothing here yet.",
        "footer_html": "<b>Railbook</b> & friends", "show_times": true, "footer_times": "All times local.",
        "nav_label": "Main", "nav_home": "Home", "language_label": "Language", "signed_in_as": "Signed in as",
        "sign_out": "Sign out", "sign_in": "Sign in", "home_title": "Home", "home_heading": "Trains & tickets",
        "home_intro": "Search, book \"and\" pay.\nNo queues.", "to": "to", "late": "late",
        "no_departures": "No departures.", "hide_steps": false, "steps": ["Search", "Book <fast>", "Pay"],
        "nested": ["deeper": "Deep"], "year": 2026, "about_title": "About",
    ]

    private static let chinese: MustacheValue = [
        "site_name": "铁路订票", "skip_to_content": "跳到内容", "empty_page": "暂无内容。",
        "footer_html": "<b>铁路</b>", "show_times": false, "footer_times": "北京时间。",
        "nav_label": "主菜单", "nav_home": "首页", "language_label": "语言", "signed_in_as": "已登录：",
        "sign_out": "退出", "sign_in": "登录", "home_title": "首页", "home_heading": "火车票 & 行程",
        "home_intro": "搜索、预订、付款。", "to": "至", "late": "晚点",
        "no_departures": "没有车次。", "hide_steps": true, "steps": [],
        "nested": [:], "year": 2026, "about_title": "关于我们",
    ]

    private static let pageValues: [MustacheObject] = [
        [:],
        [
            "user": ["name": "Ada <admin>"],
            "departures": [
                "items": [
                    ["time": "08:00", "destination": "Bern", "late": true], ["time": "09:15", "destination": "Genève"],
                ]
            ],
        ],
    ]

    private static func layout(language: String) -> MustacheValue {
        let languages: MustacheValue = [
            ["code": "en", "name": "English", "href": "/language/en", "current": .bool(language == "en")],
            ["code": "zh", "name": "中文", "href": "/language/zh", "current": .bool(language == "zh")],
        ]
        return ["lang": .string(language), "languages": languages]
    }

    func testBoundLibraryRendersLikeTheConstantInTheContext() throws {
        let library = try TemplateLibrary(sources: Self.site)
        try library.validateReferences()
        for (language, catalog) in [("en", Self.english), ("zh", Self.chinese)] {
            let bound = library.bindingConstant("t", to: catalog)
            for name in ["home/index", "about"] {
                for values in Self.pageValues {
                    var context = values
                    context["layout"] = Self.layout(language: language)
                    let expected = try library.renderedText(name, .object(context.merging(["t": catalog])))
                    XCTAssertEqual(try bound.renderedText(name, .object(context)), expected, "\(language) \(name) \(values)")
                }
            }
        }
    }

    func testTextsAppearInBlocksPartialsAndSections() throws {
        let bound = try TemplateLibrary(sources: Self.site).bindingConstant("t", to: Self.english)
        let context: MustacheValue = ["layout": Self.layout(language: "en"), "user": ["name": "Ada"]]
        let page = try bound.renderedText("home/index", context)
        for expected in [
            "<title>Home · Railbook</title>", "<a href=\"/\">Home</a>", "<button>Sign out</button>",
            "<h1>Trains &amp; tickets</h1>", "Search, book &quot;and&quot; pay.\nNo queues.",
            "<p><b>Railbook</b> & friends</p>", "<p>All times local.</p>", "<li>Book &lt;fast&gt;</li>", "<p>Deep 2026</p>",
        ] {
            XCTAssertTrue(page.contains(expected), "missing \(expected) in\n\(page)")
        }
    }

    func testTheBoundNameIsReservedForTheConstant() throws {
        let library = try TemplateLibrary(sources: ["page": "{{t.title}}|{{#item}}{{t.title}}{{/item}}"])
            .bindingConstant("t", to: ["title": "Catalog"])
        let context: MustacheValue = ["t": ["title": "Page"], "item": ["t": ["title": "Item"]]]
        XCTAssertEqual(try library.renderedText("page", context), "Catalog|Catalog")
    }

    func testValuesKeepTheirOwnIndentationRules() throws {
        // A value is indented only where it starts a line, and leaves the output mid-line even when it
        // ends with a line ending; folded constants must keep both rules inside indented partials.
        let sources = [
            "page": "<div>\n  {{> _inner}}\n</div>\n{{{t.closing}}}{{> _indented}}",
            "_inner": "{{{t.lines}}}\n<p>{{t.word}}</p>\n{{{t.closing}}}<i>x</i>\n",
            "_indented": "  {{> _inner}}\n",
        ]
        let constants: MustacheValue = ["lines": "a\nb", "word": "w", "closing": "end\n"]
        let library = try TemplateLibrary(sources: sources)
        let expected = try library.renderedText("page", ["t": constants])
        XCTAssertEqual(try library.bindingConstant("t", to: constants).renderedText("page"), expected)
        XCTAssertEqual(expected, "<div>\n  a\nb\n  <p>w</p>\n  end\n<i>x</i>\n</div>\nend\na\nb\n  <p>w</p>\n  end\n<i>x</i>\n")
    }

    func testSectionsOnConstants() throws {
        let template =
            "{{#t.yes}}Y{{.}}{{/t.yes}}{{^t.yes}}N{{/t.yes}}{{#t.no}}Y{{/t.no}}{{^t.no}}N{{/t.no}}"
            + "{{#t.list}}<{{.}}>{{/t.list}}{{#t.user}}{{name}}{{/t.user}}{{^t.missing}}none{{/t.missing}}{{#t}}{{user.name}}{{/t}}"
        let constants: MustacheValue = ["yes": true, "no": "", "list": [1, 2], "user": ["name": "Ada"]]
        let library = try TemplateLibrary(sources: ["page": template])
        let bound = library.bindingConstant("t", to: constants)
        XCTAssertEqual(try bound.renderedText("page"), "YtrueN<1><2>AdanoneAda")
        XCTAssertEqual(try bound.renderedText("page"), try library.renderedText("page", ["t": constants]))
    }

    func testConstantsCanBeBoundOneAfterAnother() throws {
        let library = try TemplateLibrary(sources: ["page": "<p>{{t.a}} {{u}} {{t.b}}</p>{{v}}"])
            .bindingConstant("t", to: ["a": "A", "b": "B"])
            .bindingConstant("u", to: "U")
        XCTAssertEqual(try library.renderedText("page", ["v": "!"]), "<p>A U B</p>!")
    }

    func testBindingAnUnusedNameChangesNoSpecOutput() throws {
        for file in ["interpolation", "sections", "inverted", "partials", "~inheritance", "delimiters", "comments"] {
            for specCase in try MustacheSpec.cases(in: file) {
                var sources = specCase.partials
                sources["spec-template"] = specCase.template
                let library = try TemplateLibrary(sources: sources).bindingConstant("unused_constant", to: ["a": "b"])
                let output = try library.renderedText("spec-template", specCase.data)
                XCTAssertEqual(output, specCase.expected, "\(file).json, \"\(specCase.name)\"")
            }
        }
    }
}
