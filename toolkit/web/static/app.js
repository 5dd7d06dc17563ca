// Dossier: small shared helpers (no framework). window.dossier.post(url, body) sends JSON with the CSRF token.
(function () {
  "use strict";
  function csrf() {
    var m = document.querySelector('meta[name="csrf-token"]');
    return m ? m.content : "";
  }
  async function request(method, url, body) {
    var headers = { "X-CSRF-Token": csrf(), "Accept": "application/json" };
    var init = { method: method, headers: headers, credentials: "same-origin" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    var response = await fetch(url, init);
    var data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      var detail = data && data.detail;
      if (detail && typeof detail === "object") detail = detail.message || JSON.stringify(detail);
      var error = new Error(detail || (response.status + " " + response.statusText));
      error.status = response.status;
      error.data = data;
      throw error;
    }
    return data;
  }
  window.dossier = {
    csrf: csrf,
    get: function (url) { return request("GET", url); },
    post: function (url, body) { return request("POST", url, body); },
    del: function (url) { return request("DELETE", url); },
    lang: document.documentElement.lang || "zh-Hans",
  };
})();
