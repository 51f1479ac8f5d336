# Writes the inputs of tests/conformance/combinators.jsonl (schemas and data for anyOf/oneOf,
# allOf, if/then/else, $ref siblings and the validation keywords inside branches); oracle.js
# fills in what fast-json-stringify 7.3.6 prints. See README.md in this folder.
import json
cases=[]
def c(id, schema, inputs, options=None):
    for i,inp in enumerate(inputs):
        d={"id":f"comb:{id}-{i}","schema":schema,"options":options or {},"input":json.dumps(inp, ensure_ascii=False) if not isinstance(inp,RawIn) else inp.t}
        cases.append(d)
class RawIn:
    def __init__(s,t): s.t=t
kind3={"anyOf":[
  {"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind"]},
  {"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"string"}},"required":["kind"]},
  {"type":"object","properties":{"kind":{"const":"c"},"z":{"type":"boolean"}},"required":["kind"]}]}
c("kind3", kind3, [{"kind":"a","x":1.7,"y":"q"},{"kind":"b","y":5},{"kind":"c","z":0},{"kind":"d"},{},"str",None])
c("nullable-anyof", {"nullable":True,"anyOf":[{"type":"string"},{"type":"number"}]}, [None,"a",3,True])
c("null-branch", {"anyOf":[{"type":"null"},{"type":"string"}]}, [None,"a",3])
c("oneof-not-exclusive", {"oneOf":[{"type":"number"},{"type":"integer"}]}, [1,1.5,"1"])
c("siblings", {"type":"integer","anyOf":[{"minimum":5},{"maximum":0}]}, [7.5,-1.5,3])
c("ref-branches", {"definitions":{"a":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},"b":{"type":"object","properties":{"b":{"type":"number"}}}},
   "type":"object","properties":{"v":{"anyOf":[{"$ref":"#/definitions/a"},{"$ref":"#/definitions/b"}]}}}, [{"v":{"a":1,"b":2}},{"v":{"b":"3"}},{"v":5}])
c("ref-branch-siblings", {"definitions":{"a":{"type":"object","properties":{"a":{"type":"string"}}}},
   "properties":{"extra":{"type":"boolean"}},"anyOf":[{"$ref":"#/definitions/a"}]}, [{"a":1,"extra":1,"z":2}])
c("allof-basic", {"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer"}}}]}, [{"a":"x","b":2.5,"c":1},{"b":1}])
c("allof-ap-false", {"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":False},{"properties":{"b":{"type":"integer"}}}]}, [{"a":1,"b":2.5,"c":1}])
c("allof-type-conflict", {"allOf":[{"type":"string"},{"type":"integer"}]}, ["1"])
c("allof-type-intersect", {"allOf":[{"type":["string","integer"]},{"type":["integer","null"]}]}, ["1",2.5,None])
c("allof-const-conflict", {"allOf":[{"const":1},{"const":2}]}, [1])
c("allof-default-conflict", {"type":"object","properties":{"a":{"allOf":[{"type":"string","default":"x"},{"default":"y"}]}}}, [{}])
c("allof-nested-anyof", {"allOf":[{"anyOf":[{"type":"string"},{"type":"number"}]},{"anyOf":[{"type":"number"},{"type":"boolean"}]}]}, [1,"a",True])
c("allof-if", {"allOf":[{"if":{"type":"string"},"then":{"type":"string","format":"date"}},{"type":["string","number"]}]}, ["2020-01-01",5])
c("if-then-else", {"type":"object","properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"n"}}},"then":{"properties":{"v":{"type":"number"}}},"else":{"properties":{"v":{"type":"string"}}}}, [{"kind":"n","v":"5"},{"kind":"s","v":5},{"v":1}])
c("if-else-only", {"type":"object","properties":{"a":{"type":"string"}},"if":{"required":["a"]},"else":{"properties":{"b":{"type":"integer"}}}}, [{"a":1,"b":2.5},{"b":2.5}])
c("if-no-branches", {"type":"integer","if":{"minimum":3}}, [4.5])
c("ref-sibling-merge", {"definitions":{"s":{"type":"object","properties":{"a":{"type":"string"}}}},"$ref":"#/definitions/s","properties":{"b":{"type":"integer"}}}, [{"a":1,"b":2.5}])
c("ref-sibling-conflict", {"definitions":{"s":{"type":"string"}},"type":"object","properties":{"x":{"$ref":"#/definitions/s","type":"integer"}}}, [{"x":5}])
c("recursive-anyof", {"$id":"tree","anyOf":[{"type":"number"},{"type":"array","items":{"$ref":"tree"}}]}, [[1,[2,[3]],4],[[]],"x"])
c("formats", {"type":"array","items":{"anyOf":[
   {"type":"string","format":"date-time"},{"type":"string","format":"email"},{"type":"string","format":"uuid"},{"type":"string","format":"ipv4"},
   {"type":"string","format":"uri"},{"type":"string","format":"date"},{"type":"string","format":"time"},{"type":"string","format":"ipv6"},{"type":"string","format":"hostname"},{"type":"number"}]}},
   [["2020-01-01T00:00:00Z","2020-02-30T00:00:00Z","2020-01-01T23:59:60Z","2020-01-01t10:00:00+01:00","2020-01-01 10:00:00","a@b.co","not an email","123e4567-e89b-12d3-a456-426614174000","urn:uuid:123E4567-E89B-12D3-A456-426614174000","1.2.3.4","256.1.1.1","http://x.org/a?b#c","x","2021-02-29","2020-02-29","12:00:00Z","12:00:00","23:59:60Z","::1","1::2::3","example.com","-bad-.com"]])
c("pattern-unicode", {"type":"array","items":{"anyOf":[{"type":"string","pattern":"^\\p{L}+$"},{"type":"string","pattern":"^.$"},{"type":"number"}]}}, [["héllo","😀","12","ab"]])
c("length-codepoints", {"type":"array","items":{"anyOf":[{"type":"string","maxLength":2},{"type":"number"}]}}, [["😀😀","abc","é"]])
c("multipleof", {"type":"array","items":{"anyOf":[{"type":"number","multipleOf":0.01},{"type":"string"}]}}, [[0.07,1.005,10,0.3]])
c("enum-objects", {"type":"array","items":{"anyOf":[{"enum":[{"a":1},[1,2],"x",None]},{"type":"string"}]}}, [[{"a":1},{"a":1.0},[1,2],[2,1],"x",None,5]])
c("unique-contains", {"type":"array","items":{"anyOf":[{"type":"array","uniqueItems":True,"contains":{"type":"string"}},{"type":"string"}]}}, [[[1,"a"],[1,1,"a"],[1,2],[{"a":1,"b":2},{"b":2,"a":1},"s"]]])
c("propertynames-deps", {"type":"array","items":{"anyOf":[{"type":"object","propertyNames":{"maxLength":2},"dependencies":{"a":["b"]}},{"type":"string"}]}}, [[{"ab":1},{"abc":1},{"a":1},{"a":1,"b":2}]])
c("not-oneof", {"type":"array","items":{"anyOf":[{"not":{"type":"string"}},{"oneOf":[{"minLength":2},{"maxLength":3}]}]}}, [[1,"ab","a","abcd","abc"]])
c("additional-in-branch", {"anyOf":[{"type":"object","properties":{"a":{"type":"number"}},"additionalProperties":False},{"type":"object","patternProperties":{"^x":{"type":"string"}},"additionalProperties":{"type":"boolean"}}]}, [{"a":1},{"a":1,"b":2},{"xy":"s","b":True},{"xy":1}])
c("tuple-branch", {"anyOf":[{"type":"array","items":[{"type":"string"},{"type":"number"}],"additionalItems":False},{"type":"array"}]}, [["a",1],["a",1,2],[1,"a"]])
c("counts", {"type":"array","items":{"anyOf":[{"type":"array","minItems":2,"maxItems":3},{"type":"object","minProperties":1,"maxProperties":1},{"type":"string"}]}}, [[[1],[1,2],[1,2,3,4],{},{"a":1},{"a":1,"b":2}]])
c("ranges", {"type":"array","items":{"anyOf":[{"type":"number","exclusiveMinimum":0,"maximum":10},{"type":"string"}]}}, [[0,0.5,10,10.5,-1]])
c("strict", {"anyOf":[{"type":"number","foo":1}]}, [1], {"ajv":{"strictSchema":True}})
c("anyof-in-items-bulk", {"type":"array","items":{"anyOf":[{"type":"string"},{"type":"number"}]}}, [["a",1,"b",True,None]])
c("oneof-objects-no-required", {"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}, [{"a":1,"b":2}])
c("anyof-and-oneof", {"anyOf":[{"type":"object","properties":{"a":{"type":"string"}}}],"oneOf":[{"properties":{"b":{"type":"number"}}},{"properties":{"c":{"type":"number"}}}]}, [{"a":1,"b":"2","c":"3"}])
c("nullable-without-type", {"anyOf":[{"nullable":True},{"type":"string"}]}, ["a"])
c("if-nested-ref", {"definitions":{"isnum":{"type":"number"}},"if":{"$ref":"#/definitions/isnum"},"then":{"type":"integer"},"else":{"type":"string"}}, [2.5,True])
c("deep-data-anyof", {"$id":"t","anyOf":[{"type":"array","items":{"$ref":"t"}},{"type":"number"}]}, [RawIn("["*1500+"]"*1500)])
closed={"type":"object","properties":{"a":{"type":"number"},"b":{"type":"string"}},"required":["a","b"],"additionalProperties":False}
c("closed-all-required", {"anyOf":[closed,
   {"type":"object","properties":{"a":{"type":"number"}},"required":["a","z"],"additionalProperties":False},
   {"type":"object","properties":{"a":{"type":"number"}},"additionalProperties":{"type":"string"}},{"type":"string"}]},
   [{"a":1,"b":"x"},{"b":"x","a":1},{"a":1,"b":"x","c":"y"},{"a":1,"z":2},{"a":1,"c":"y"},{"a":1,"c":2},{"a":1},{}])
c("closed-all-required-duplicate-keys", {"anyOf":[closed,{"type":"object"}]},
   [RawIn('{"a":1,"a":2}'),RawIn('{"a":1,"b":"x","b":"y"}'),RawIn('{"a":1,"a":2,"b":"x"}')])
for x in cases: print(json.dumps(x, ensure_ascii=False))
