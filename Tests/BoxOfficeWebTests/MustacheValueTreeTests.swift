import Foundation
import Mustache
import Testing

@testable import BoxOfficeWeb

@Suite("MustacheValueTree renders exactly like the view model it came from")
struct MustacheValueTreeTests {
    enum Mode: String { case list, grid }

    struct Row {
        var rank: Int
        var title: String
        var note: String?
        var isNew: Bool
    }

    struct Page {
        var title: String
        var subtitle: String?
        var mode: Mode
        var fetchedAt: Date
        var share: Double
        var rows: [Row]
        var tags: [String]
        var empty: [Row]
        var note: String
        var nested: Nested
    }

    struct Nested {
        var label: String
        var missing: String?
    }

    let template = """
        <h1>{{title}}</h1>{{#subtitle}}<h2>{{subtitle}}</h2>{{/subtitle}}{{^subtitle}}<h2>none</h2>{{/subtitle}}
        <p class="{{mode}}">{{fetchedAt}} {{share}}</p>
        <ol>{{#rows}}<li>{{rank}} {{title}} {{#isNew}}new{{/isNew}} {{note}} {{nested.label}}</li>{{/rows}}</ol>
        {{#tags}}<i>{{.}}</i>{{/tags}}{{^empty}}<p>no rows</p>{{/empty}}
        {{nested.label}}{{^nested.missing}} (missing){{/nested.missing}} {{title}} <script>{{{title}}}</script>
        """

    @Test("same HTML as rendering the struct itself, including nil fields that fall back to outer names")
    func sameOutput() throws {
        let page = Page(
            title: "A <b>&</b> \"B\"", subtitle: nil, mode: .grid,
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
            share: 34.2,
            rows: [
                Row(rank: 1, title: "경관의 피", note: "first", isNew: true),
                Row(rank: 2, title: "Two", note: nil, isNew: false),
            ],
            tags: ["x", "y"], empty: [], note: "outer note", nested: Nested(label: "L", missing: nil))
        let mustache = try MustacheTemplate(string: template)
        let direct = mustache.render(page)
        let tree = mustache.render(MustacheValueTree.make(page))
        #expect(tree == direct)
        #expect(tree.contains("<h2>none</h2>"))
        #expect(tree.contains(#"class="grid""#))
        #expect(tree.contains("2 Two  outer note L"), "a nil row field falls back to the page's field, as with Mirror")
        #expect(tree.contains("A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot;"))
        #expect(tree.contains("<i>x</i><i>y</i><p>no rows</p>"))
        #expect(tree.contains("L (missing)"))
    }

    @Test("a type that lists its own fields lists what its Mirror shows, a nil one left out")
    func listedFields() throws {
        let rows = [
            MarketDayRowViewModel(
                date: "2019-01-01", sales: "59억 8,494만 원", topTen: "91.0%", korean: "≈ 59.3%", first: "Haeundae Wind",
                firstBeside: "해운대의 바람", hasFirstBeside: true, firstURL: "/movies/20183810", firstShows: "31.2%",
                holiday: "", salesSort: "5984936478", topTenSort: "91.015", koreanSort: "59.265",
                firstSort: "Haeundae Wind", firstShowsSort: "31.16"),
            MarketDayRowViewModel(
                date: "2019-01-02", sales: "–", topTen: "–", korean: "–", first: "–", firstURL: nil, firstShows: "–",
                holiday: "설날", salesSort: "", topTenSort: "", koreanSort: "", firstSort: "", firstShowsSort: ""),
        ]
        for row in rows {
            let listed = try #require(MustacheValueTree.make(row) as? [String: Any])
            let reflected = try #require(MustacheValueTree.reflected(row) as? [String: Any])
            #expect(NSDictionary(dictionary: listed) == NSDictionary(dictionary: reflected))
            #expect(listed.count == Mirror(reflecting: row).children.count - (row.firstURL == nil ? 1 : 0))
        }
    }
}
