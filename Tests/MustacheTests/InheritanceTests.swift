import Mustache
import XCTest

final class InheritanceTests: XCTestCase {
    func testPageFillsTheLayoutsBlocks() throws {
        let library = try TemplateLibrary(sources: [
            "layout": "<html><title>{{$title}}Railbook{{/title}}</title><main>{{$content}}{{/content}}</main></html>",
            "home": "{{<layout}}{{$title}}Home{{/title}}{{$content}}<p>{{greeting}}</p>{{/content}}{{/layout}}",
            "about": "{{<layout}}{{$content}}About us{{/content}}{{/layout}}",
        ])
        try library.validateReferences()
        XCTAssertEqual(
            try library.renderedText("home", ["greeting": "Hello & welcome"]),
            "<html><title>Home</title><main><p>Hello &amp; welcome</p></main></html>"
        )
        XCTAssertEqual(
            try library.renderedText("about"),
            "<html><title>Railbook</title><main>About us</main></html>"
        )
    }

    func testMultilineLayoutKeepsIndentation() throws {
        let layout = """
            <html>
              <head>
                <title>{{$title}}Railbook{{/title}}</title>
              </head>
              <body>
                {{> _header}}
                <main>
                  {{$content}}
                  {{/content}}
                </main>
              </body>
            </html>

            """
        let page = """
            {{<layout}}
            {{$title}}Trains{{/title}}
            {{$content}}
            <ul>
              {{#trains}}
              <li>{{number}}</li>
              {{/trains}}
            </ul>
            {{/content}}
            {{/layout}}

            """
        let library = try TemplateLibrary(sources: [
            "layout": layout, "trains/index": page, "_header": "<header>\n  <a href=\"/\">Railbook</a>\n</header>\n",
        ])
        let expected = """
            <html>
              <head>
                <title>Trains</title>
              </head>
              <body>
                <header>
                  <a href="/">Railbook</a>
                </header>
                <main>
                  <ul>
                    <li>IC 1</li>
                    <li>IC 2</li>
                  </ul>
                </main>
              </body>
            </html>

            """
        XCTAssertEqual(try library.renderedText("trains/index", ["trains": [["number": "IC 1"], ["number": "IC 2"]]]), expected)
    }

    func testBlockContentSeesTheContextAtTheBlock() throws {
        let library = try TemplateLibrary(sources: [
            "layout": "{{#user}}{{$greeting}}{{/greeting}}{{/user}}",
            "page": "{{<layout}}{{$greeting}}Hi {{name}}{{/greeting}}{{/layout}}",
        ])
        XCTAssertEqual(try library.renderedText("page", ["user": ["name": "Ada"]]), "Hi Ada")
    }

    func testTwoLevelsOfLayout() throws {
        let library = try TemplateLibrary(sources: [
            "base": "<body>{{$body}}{{/body}}</body>",
            "account": "{{<base}}{{$body}}<nav>Account</nav>{{$panel}}{{/panel}}{{/body}}{{/base}}",
            "account/orders": "{{<account}}{{$panel}}Orders{{/panel}}{{/account}}",
        ])
        XCTAssertEqual(try library.renderedText("account/orders"), "<body><nav>Account</nav>Orders</body>")
    }
}
